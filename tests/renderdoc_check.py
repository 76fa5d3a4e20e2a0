"""Opens a lightcull capture with RenderDoc's replay (python3-renderdoc) and checks that it
reads like the code: every pass of the mode is a debug-label region named as in src/passes/,
in frame order, holding its own work (draws, dispatches, fills, copies, recorded in secondary
command buffers that the region's vkCmdExecuteCommands runs) with the pipeline of the same
name bound; every resource lightcull created carries a name.

usage: renderdoc_check.py CAPTURE.rdc MODE [--hud] [--readback] [--analysis] [--visibility] [--fused] [--mdi] [--mdi-occlusion]
MODE: a culling mode; zbin:lights is zbin with --zbin-kernel lights; MODE+BINNING a mode with
--binning BINNING (lights, lights-nodepth).
--visibility: a --shading visibility frame (the visibility pass after the depth pre-pass,
the compute "visibility shade" instead of the forward shade). --fused: the visibility shade
tonemaps as it writes (--tonemap fused, auto's choice there): no tonemap region.
--mdi: the GPU-culled geometry path without occlusion; --mdi-occlusion: with two-phase
occlusion culling, lightcull's default where indirect-count draws exist.
Prints one line per problem and exits 1, or prints a summary and exits 0.
"""
import sys

try:
    import renderdoc as rd
except ImportError:
    print("renderdoc_check: the python module 'renderdoc' is missing "
          "(Debian: apt-get install python3-renderdoc renderdoc; use /usr/bin/python3)")
    sys.exit(1)

TILE_PASSES = ["light cull / tile depth", "light cull / coarse", "light cull / tiles"]
# Light binning: one prepare pass (fills zeroing the bits, then light setup, the Z-bins and,
# with --binning lights, the tile depth bounds, with no barrier between them), then bin
# lights (light-parallel, atomics).
PREPARE = "light cull / prepare"
LIGHT_PASSES = [PREPARE, "light cull / bin lights / depth bounds"]
NODEPTH_PASSES = [PREPARE, "light cull / bin lights"]
# The dispatches of light cull / prepare in recording order, by mode (fills are counted apart).
PREPARE_DISPATCHES = {
    "tiles+lights": ["light cull / light setup", "light cull / tile depth"],
    "tiles+lights-nodepth": ["light cull / light setup"],
    "clusters+lights": ["light cull / light setup"],
    "zbin+lights": ["light cull / zbin per bin", "light cull / light setup", "light cull / tile depth"],
    "zbin+lights-nodepth": ["light cull / zbin per bin", "light cull / light setup"],
}
CULL = {
    "brute": [],
    "lists": ["light cull / lists"],
    "tiles": TILE_PASSES,
    "clusters": ["light cull / clusters"],
    # Few lights: the per-bin Z-bin kernel; zbin:lights is the per-light one (--zbin-kernel lights).
    "zbin": TILE_PASSES + ["light cull / zbin per bin"],
    "zbin:lights": TILE_PASSES + ["light cull / zbin clear", "light cull / zbin"],
    "tiles+lights": LIGHT_PASSES,
    "tiles+lights-nodepth": NODEPTH_PASSES,
    "clusters+lights": [PREPARE, "light cull / bin lights / clusters"],
    "zbin+lights": LIGHT_PASSES,
    "zbin+lights-nodepth": NODEPTH_PASSES,
}
# The geometry passes before the light culling: direct (one draw per object), mdi, mdi with occlusion.
GEOMETRY = {
    "direct": ["depth prepass"],
    "mdi": ["geometry clear", "geometry cull", "depth prepass", "geometry stats"],
    "mdi-occlusion": ["geometry clear", "geometry cull / phase 1", "depth prepass / phase 1", "hiz",
                      "geometry cull / phase 2", "depth prepass / phase 2", "geometry stats"],
}
# Resource kinds RenderDoc names itself: the instance and physical device cannot carry names,
# and RenderDoc replaces command buffers with its own baked copies.
UNNAMED_OK = ("Instance ", "Physical Device ", "Command Buffer ", "Baked Command Buffer ")


def walk(actions, out):
    for a in actions:
        out.append(a)
        walk(a.children, out)
    return out


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    flags = {a for a in sys.argv[1:] if a.startswith("--")}
    if len(args) != 2 or args[1] not in CULL:
        print(__doc__)
        return 1
    path, mode = args
    vis = "--visibility" in flags
    fused = vis and "--fused" in flags
    geometry = "mdi-occlusion" if "--mdi-occlusion" in flags else "mdi" if "--mdi" in flags else "direct"
    expected = GEOMETRY[geometry] + (["visibility"] if vis else []) + CULL[mode]
    if "--analysis" in flags:
        expected.append("analysis clear")
    expected += ["visibility shade" if vis else "forward shade"] + ([] if fused else ["tonemap"])
    if "--hud" in flags:
        expected.append("HUD")
    if "--readback" in flags:
        expected.append("readback")

    rd.InitialiseReplay(rd.GlobalEnvironment(), [])
    cap = rd.OpenCaptureFile()
    if cap.OpenFile(path, "", None) != rd.ResultCode.Succeeded:
        print(f"renderdoc_check: cannot open {path}")
        return 1
    res, ctl = cap.OpenCapture(rd.ReplayOptions(), None)
    if res != rd.ResultCode.Succeeded:
        print(f"renderdoc_check: cannot replay {path}: {res}")
        return 1
    problems = []
    try:
        check(ctl, mode, geometry, expected, problems)
    finally:
        ctl.Shutdown()
        cap.Shutdown()
        rd.ShutdownReplay()
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"renderdoc_check: {mode}: regions {', '.join(expected)} hold their work; all resources named")
    return 0


def check(ctl, mode, geometry, expected, problems):
    # The fused tonemap: the visibility shade writes the output, no tonemap region.
    fused = "visibility shade" in expected and "tonemap" not in expected
    sf = ctl.GetStructuredFile()
    names = {r.resourceId: r.name for r in ctl.GetResources()}
    # Debug-label regions; RenderDoc also shows each vkCmdExecuteCommands as a region (flagged
    # CmdList) holding the secondaries' work, and indirect-count draws as nodes: part of their
    # pass's region, not regions of their own.
    regions = [a for a in walk(ctl.GetRootActions(), [])
               if a.flags & rd.ActionFlags.PushMarker and not a.flags & rd.ActionFlags.CmdList
               and not a.GetName(sf).startswith("vkCmd")]
    got = [a.GetName(sf) for a in regions]
    if got != expected:
        problems.append(f"regions in the capture: {got}; expected, in this order: {expected}")
    by_name = {a.GetName(sf): a for a in regions}

    def work(name, flag):
        a = by_name.get(name)
        return [c for c in walk(a.children, []) if c.flags & flag] if a else []

    def pipeline(action, compute):
        ctl.SetFrameEvent(action.eventId, True)
        vk = ctl.GetVulkanPipelineState()
        return names.get(vk.compute.pipelineResourceId if compute else vk.graphics.pipelineResourceId, "?")

    def need(name, what, actions, count=None):
        if name not in by_name:
            return
        if not actions or (count is not None and len(actions) != count):
            n = "at least one" if count is None else str(count)
            problems.append(f"region '{name}' has {len(actions)} {what}, expected {n}")

    D, I = rd.ActionFlags.Drawcall, rd.ActionFlags.Indexed
    # The forward pass draws exactly what the depth pre-pass drew (mdi: both phases replayed).
    depth_regions = [n for n in GEOMETRY[geometry] if n.startswith("depth prepass")]
    def draws(name):
        a = by_name.get(name)
        if not a:
            return []
        if geometry == "direct":
            return [c for c in walk(a.children, []) if c.flags & D and c.flags & I]
        # One indirect-count draw per material bucket and phase (with zero draws it has no children).
        return [c for c in walk(a.children, []) if c.GetName(sf).startswith("vkCmdDrawIndexedIndirectCount")]

    depth_draws = []
    for name in depth_regions:
        d = draws(name)
        need(name, "indexed draws", d)
        depth_draws += d
    shade_draws = draws("forward shade")
    vis_draws = [a for a in work("visibility", D) if a.flags & I]
    need("visibility", "indexed draws", vis_draws)
    if vis_draws and pipeline(vis_draws[0], False) != "visibility":
        problems.append(f"visibility draws with pipeline '{pipeline(vis_draws[0], False)}'")
    vis_shade = work("visibility shade", rd.ActionFlags.Dispatch)
    need("visibility shade", "dispatches", vis_shade, 1)
    if vis_shade and not pipeline(vis_shade[0], True).startswith(f"visibility shade / {mode.split(':')[0].split('+')[0]}"):
        problems.append(f"visibility shade dispatches pipeline '{pipeline(vis_shade[0], True)}', "
                        f"expected 'visibility shade / {mode.split(':')[0].split('+')[0]}...'")
    if vis_shade and pipeline(vis_shade[0], True).endswith(" / tonemap") != fused:
        problems.append(f"visibility shade dispatches pipeline '{pipeline(vis_shade[0], True)}': "
                        f"{'no' if fused else 'a'} fused tonemap")
    need("forward shade", "indexed draws", shade_draws, len(depth_draws) or None)
    # The tonemap is one dispatch where the output has a storage view (--tonemap compute), else
    # a 3-vertex fullscreen draw; either way its pipeline is named "tonemap".
    tonemap = work("tonemap", rd.ActionFlags.Dispatch)
    tonemap_compute = bool(tonemap)
    if fused:
        tonemap = []
    elif tonemap_compute:
        need("tonemap", "dispatches", tonemap, 1)
    else:
        tonemap = work("tonemap", D)
        need("tonemap", "draws or dispatches", tonemap, 1)
        if tonemap and tonemap[0].numIndices != 3:
            problems.append(f"tonemap draws {tonemap[0].numIndices} vertices, expected a 3-vertex fullscreen triangle")
    for name in GEOMETRY[geometry]:
        if name.endswith("clear"):
            need(name, "buffer fills", work(name, rd.ActionFlags.Clear))
        elif name == "geometry stats":
            need(name, "copies", work(name, rd.ActionFlags.Copy), 1)
        elif not name.startswith("depth prepass"):
            dispatches = work(name, rd.ActionFlags.Dispatch)
            need(name, "dispatches", dispatches, 1)
            # The camera's cull is the cull of every view (view_cull.comp), named for that.
            expect = name.replace("geometry cull", "view cull")
            if dispatches and pipeline(dispatches[0], True) != expect:
                problems.append(f"region '{name}' dispatches pipeline '{pipeline(dispatches[0], True)}', expected '{expect}'")
    if depth_draws and pipeline(depth_draws[0], False) != "depth prepass":
        problems.append(f"depth prepass draws with pipeline '{pipeline(depth_draws[0], False)}'")
    base = mode.split(':')[0].split('+')[0]
    if shade_draws and not pipeline(shade_draws[0], False).startswith(f"forward shade / {base}"):
        problems.append(f"forward shade draws with pipeline '{pipeline(shade_draws[0], False)}', "
                        f"expected 'forward shade / {base}...'")
    if tonemap and pipeline(tonemap[0], tonemap_compute) != "tonemap":
        problems.append(f"tonemap uses pipeline '{pipeline(tonemap[0], tonemap_compute)}'")
    for name in CULL[mode]:
        if name.endswith("clear"):
            need(name, "buffer fills", work(name, rd.ActionFlags.Clear))
            continue
        dispatches = work(name, rd.ActionFlags.Dispatch)
        if name == PREPARE:
            need(name, "buffer fills", work(name, rd.ActionFlags.Clear))
            got = [pipeline(d, True) for d in dispatches]
            if got != PREPARE_DISPATCHES[mode]:
                problems.append(f"region '{name}' dispatches {got}, expected {PREPARE_DISPATCHES[mode]}")
            continue
        need(name, "dispatches", dispatches, 1)
        if dispatches and pipeline(dispatches[0], True) != name:
            problems.append(f"region '{name}' dispatches pipeline '{pipeline(dispatches[0], True)}'")
    if mode == "lists":
        need("light cull / lists", "counter fills", work("light cull / lists", rd.ActionFlags.Clear))
    need("analysis clear", "buffer fills", work("analysis clear", rd.ActionFlags.Clear))
    hud = work("HUD", D)
    need("HUD", "draws", hud, 1)
    if hud and pipeline(hud[0], False) != "HUD":
        problems.append(f"HUD draws with pipeline '{pipeline(hud[0], False)}'")
    need("readback", "copies", work("readback", rd.ActionFlags.Copy), 1)

    unnamed = sorted({r.name for r in ctl.GetResources()
                      if r.autogeneratedName and not r.name.startswith(UNNAMED_OK)})
    if unnamed:
        problems.append(f"resources without a debug name (LC_NAME): {', '.join(unnamed[:20])}")


if __name__ == "__main__":
    sys.exit(main())
