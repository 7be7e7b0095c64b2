#version 330 core
// The board, drawn per pixel from one byte per cell: the grid, X and O marks as distance fields (crisp at
// any zoom), the last move, the hovered cell with a preview of the next mark, lit cells (linked views) and
// the winning line, a lit cell on it keeping its colour inside a gold frame. Below a few pixels per cell
// the grid fades out and marks become solid cells, so a 1000x1000 board still reads as a picture.

// Cell byte: bits 0-1 the mark (0 empty, 1 X, 2 O), bit 2 part of the winning line, bit 3 lit by a view.
uniform usampler2D u_cells;
uniform vec2 u_target;   // size of the target in pixels
uniform vec2 u_origin;   // the board's top-left corner, pixels from the target's top-left
uniform float u_cell;    // pixels per cell
uniform ivec2 u_size;    // (cols, rows)
uniform ivec2 u_hover;   // (col, row) under the pointer, or (-1, -1)
uniform ivec2 u_last;    // (col, row) of the last move, or (-1, -1)
uniform int u_ghost;     // 1 or 2: preview that mark in the hovered cell when it is empty; 0: none

uniform vec3 u_table;
uniform vec3 u_board;
uniform vec3 u_grid;
uniform vec3 u_border;
uniform vec3 u_x;
uniform vec3 u_o;
uniform vec3 u_win;
uniform vec3 u_last_tint;
uniform vec3 u_last_dot;
uniform vec3 u_hover_tint;
uniform vec3 u_lit;

in vec2 v_uv;
out vec4 o_color;

float segment_distance(vec2 p, vec2 a, vec2 b) {
    vec2 pa = p - a;
    vec2 ba = b - a;
    float h = clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0);
    return length(pa - ba * h);
}

// Signed distance in pixels from p (pixels from the cell centre) to the stroke of a mark.
float mark_distance(uint mark, vec2 p, float thickness) {
    if (mark == 1u) {
        float a = 0.26 * u_cell;
        float d = min(segment_distance(p, vec2(-a, -a), vec2(a, a)), segment_distance(p, vec2(-a, a), vec2(a, -a)));
        return d - thickness * 0.5;
    }
    return abs(length(p) - 0.28 * u_cell) - thickness * 0.5;
}

vec3 mark_color(uint mark) { return mark == 1u ? u_x : u_o; }

void main() {
    // Pixels from the target's top-left, pixel centres at .5 (GL counts rows from the bottom).
    vec2 px = vec2(gl_FragCoord.x, u_target.y - gl_FragCoord.y);
    vec2 size = vec2(u_size);
    vec2 b = (px - u_origin) / u_cell;  // board coordinates in cells

    float border = u_cell >= 80.0 ? 4.0 : u_cell >= 24.0 ? 3.0 : 2.0;
    if (any(lessThan(b, vec2(0.0))) || any(greaterThanEqual(b, size))) {
        vec2 outside = max(max(-b, b - size), vec2(0.0)) * u_cell;
        float d = max(outside.x, outside.y);
        if (d <= border) {
            o_color = vec4(u_border, 1.0);
            return;
        }
        // A soft shadow below and to the right lifts the board off the table.
        vec2 q = px - u_origin - vec2(4.0);  // the board's rectangle moved 4 px down and right
        vec2 beyond = max(max(-q, q - size * u_cell), vec2(0.0));
        float shadow = (1.0 - smoothstep(0.0, 12.0, length(beyond))) * 0.22;
        o_color = vec4(mix(u_table, vec3(0.0), shadow), 1.0);
        return;
    }

    ivec2 c = ivec2(floor(b));
    vec2 f = b - vec2(c);  // 0..1 inside the cell
    uint v = texelFetch(u_cells, c, 0).r;
    uint mark = v & 3u;
    bool win = (v & 4u) != 0u;
    bool lit = (v & 8u) != 0u;
    bool hover = c == u_hover;
    bool last = c == u_last;

    vec3 color = u_board;
    if (last) color = u_last_tint;
    if (hover) color = u_hover_tint;
    if (lit) color = u_lit;
    if (win) color = u_win;
    // A cell a view reads on the winning line (the win check walking it): its own colour inside a gold
    // frame, a dark edge between the two, so that neither hides the other.
    if (lit && win) {
        vec2 in_cell = min(f, 1.0 - f) * u_cell;  // pixels to the nearest edge, across and down
        float to_edge = min(in_cell.x, in_cell.y);
        float frame = max(2.0, floor(0.12 * u_cell));
        float edge = max(1.0, floor(0.03 * u_cell));
        if (to_edge >= frame + edge) color = u_lit;
        else if (to_edge >= frame) color = u_border;
    }

    // Grid: a line along the top and left edge of every cell, whole pixels wide so it stays sharp; it
    // fades out when cells get too small to tell apart.
    float line = u_cell >= 160.0 ? 4.0 : u_cell >= 80.0 ? 3.0 : u_cell >= 28.0 ? 2.0 : 1.0;
    vec2 from_edge = f * u_cell;
    float on_line = (from_edge.x < line || from_edge.y < line) ? 1.0 : 0.0;
    color = mix(color, u_grid, on_line * smoothstep(3.0, 7.0, u_cell));

    vec2 p = (f - 0.5) * u_cell;
    float thickness = max(1.5, u_cell * 0.11);
    if (mark != 0u) {
        if (u_cell < 5.0) {
            color = mark_color(mark);  // too small for strokes: the cell is the mark
        } else {
            float coverage = clamp(0.5 - mark_distance(mark, p, thickness), 0.0, 1.0);
            color = mix(color, mark_color(mark), coverage);
        }
    } else if (hover && u_ghost != 0 && u_cell >= 5.0) {
        float coverage = clamp(0.5 - mark_distance(uint(u_ghost), p, thickness), 0.0, 1.0);
        color = mix(color, mark_color(uint(u_ghost)), coverage * 0.35);
    }

    // The last move also gets a dot in its top-right corner, visible on any background.
    if (last && u_cell >= 12.0) {
        float d = length((f - vec2(0.84, 0.16)) * u_cell) - 0.065 * u_cell;
        color = mix(color, u_last_dot, clamp(0.5 - d, 0.0, 1.0));
    }
    o_color = vec4(color, 1.0);
}
