#version 460
// HUD text quads in pixels (stb_easy_font), to clip space.
layout(location = 0) in vec2 in_pos;
layout(location = 1) in vec4 in_color;
layout(location = 0) out vec4 out_color;
layout(push_constant) uniform Hud { vec4 scale; } hud;

void main()
{
    out_color = in_color;
    gl_Position = vec4(in_pos * hud.scale.xy - 1.0, 0.0, 1.0);
}
