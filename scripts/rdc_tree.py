#!/usr/bin/python3
"""Prints the event list of a RenderDoc capture as a tree (what RenderDoc's Event Browser
shows), optionally also as a PNG: regions (debug labels) with their draws, dispatches,
fills and copies, and the pipeline each one binds.

usage: scripts/rdc_tree.py CAPTURE.rdc [--png OUT.png] [--all]
  --all   also list the commands inside regions that are not work (binds, barriers, ...)
Needs Debian's python3-renderdoc (and python3-pil for --png); run with /usr/bin/python3.
"""
import sys

try:
    import renderdoc as rd
except ImportError:
    sys.exit("rdc_tree: the python module 'renderdoc' is missing (Debian: apt-get install python3-renderdoc)")

def collect(ctl, show_all):
    sf = ctl.GetStructuredFile()
    names = {r.resourceId: r.name for r in ctl.GetResources()}
    rows = []  # (depth, event id, text, kind)

    def pipeline(a):
        ctl.SetFrameEvent(a.eventId, True)
        vk = ctl.GetVulkanPipelineState()
        pid = vk.compute.pipelineResourceId if a.flags & rd.ActionFlags.Dispatch else vk.graphics.pipelineResourceId
        return names.get(pid, "")

    def walk(actions, depth):
        for a in actions:
            name = a.GetName(sf)
            if a.flags & rd.ActionFlags.PushMarker:
                rows.append((depth, a.eventId, name, "region"))
                walk(a.children, depth + 1)
                continue
            if a.flags & rd.ActionFlags.PopMarker:
                continue
            work = a.flags & (rd.ActionFlags.Drawcall | rd.ActionFlags.Dispatch)
            if work:
                p = pipeline(a)
                rows.append((depth, a.eventId, name + (f"   [{p}]" if p else ""), "work"))
            elif a.flags & (rd.ActionFlags.Clear | rd.ActionFlags.Copy):
                rows.append((depth, a.eventId, name, "work"))
            elif show_all or depth == 0:
                rows.append((depth, a.eventId, name, "other"))
            walk(a.children, depth + 1)

    walk(ctl.GetRootActions(), 0)
    return rows


def fold(rows):
    """Runs of identical work (a scene's draws) become one line with a count."""
    out = []  # [depth, first eid, last eid, text, kind, count]
    for depth, eid, text, kind in rows:
        prev = out[-1] if out else None
        if prev and kind == "work" and prev[4] == "work" and prev[0] == depth and prev[3] == text:
            prev[2], prev[5] = eid, prev[5] + 1
        else:
            out.append([depth, eid, eid, text, kind, 1])
    lines = []
    for depth, first, last, text, kind, count in out:
        if count > 1:
            call, _, pipe = text.partition("   ")
            text = f"{call} x{count}   {pipe}".rstrip()
        lines.append((depth, f"{first}-{last}" if count > 1 else str(first), text, kind))
    return lines


def render_png(lines, title, path):
    from PIL import Image, ImageDraw, ImageFont
    try:
        font = ImageFont.truetype("DejaVuSansMono.ttf", 14)
    except OSError:
        font = ImageFont.load_default()
    line_h, pad = 20, 12
    width = 40 + max(len(t) + 4 * d for d, _, t, _ in lines) * 9 + 90
    img = Image.new("RGB", (max(width, 560), pad * 2 + line_h * (len(lines) + 2)), (37, 37, 38))
    draw = ImageDraw.Draw(img)
    draw.text((pad, pad), title, fill=(230, 230, 230), font=font)
    draw.text((pad, pad + line_h), "EID", fill=(140, 140, 140), font=font)
    draw.text((pad + 90, pad + line_h), "Name", fill=(140, 140, 140), font=font)
    colours = {"region": (255, 214, 102), "work": (220, 220, 220), "other": (150, 150, 150)}
    for i, (depth, eid, text, kind) in enumerate(lines):
        y = pad + line_h * (i + 2)
        if kind == "region":
            draw.rectangle([pad + 84 + depth * 18, y - 1, img.width - pad, y + line_h - 3], fill=(52, 61, 70))
        draw.text((pad, y), eid, fill=(140, 140, 140), font=font)
        draw.text((pad + 90 + depth * 18, y), ("▾ " if kind == "region" else "") + text, fill=colours[kind], font=font)
    img.save(path, optimize=True)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    png = None
    if "--png" in sys.argv:
        i = sys.argv.index("--png")
        png = sys.argv[i + 1] if i + 1 < len(sys.argv) else None
        args = [a for a in args if a != png]
    if len(args) != 1 or ("--png" in sys.argv and not png):
        sys.exit(__doc__)
    rd.InitialiseReplay(rd.GlobalEnvironment(), [])
    cap = rd.OpenCaptureFile()
    if cap.OpenFile(args[0], "", None) != rd.ResultCode.Succeeded:
        sys.exit(f"rdc_tree: cannot open {args[0]}")
    res, ctl = cap.OpenCapture(rd.ReplayOptions(), None)
    if res != rd.ResultCode.Succeeded:
        sys.exit(f"rdc_tree: cannot replay {args[0]}: {res}")
    try:
        lines = fold(collect(ctl, "--all" in sys.argv))
    finally:
        ctl.Shutdown()
        cap.Shutdown()
        rd.ShutdownReplay()
    for depth, eid, text, kind in lines:
        print(f"{eid:>9}  {'  ' * depth}{text}")
    if png:
        render_png(lines, f"RenderDoc event list: {args[0].split('/')[-1]}", png)


if __name__ == "__main__":
    main()
