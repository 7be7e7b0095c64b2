// What the live lesson's window tests share: a window on an X server of its own (a "seat"), so that each
// screen can be read whole; the layout line's "live" part; the screen kept as a PNG under
// $TTT_KEEP_SCREENSHOTS when it names a folder; the board's cells as the screen shows them; the banner's
// buttons and the View menu's items clicked where the layout line says they are.
#pragma once

#include "gui_support.hpp"
#include "screen_kept.hpp"
#include "teach_support.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace ttt::app::testing {

// One window on a display of its own.
struct Seat {
    std::unique_ptr<XServer> x;
    std::unique_ptr<AppProcess> app;
};

// The app on `db` (a file or a server's URI) with `args`, on a new X server, its config folder and the
// server's folder named after `name` in the test's folder.
inline Seat seat_on(WindowTest& t, const std::string& db, const std::string& name,
                    const std::vector<std::string>& args) {
    Seat s;
    const auto folder = t.dir.file("x-" + name);
    std::filesystem::create_directories(folder);
    s.x = std::make_unique<XServer>(folder);
    const auto config = t.dir.file("config-" + name);
    std::filesystem::create_directories(config);
    std::vector<std::string> all{"--db", db};
    all.insert(all.end(), args.begin(), args.end());
    s.app = std::make_unique<AppProcess>(all, config, *s.x);
    return s;
}

inline Json live_of(const Layout& l) {
    const auto live = Json(l.line).dump("live");
    return Json(live.value_or("{}"));
}

inline std::string banner(const Layout& l) {
    return live_of(l).text("banner").value_or("");
}

inline std::string notice_text(const Layout& l) {
    return Json(l.line).text("notice_text").value_or("");
}

inline std::string last_line(Seat& s) {
    return s.app->last() ? s.app->last()->line : std::string();
}

// A lesson at rest: the frames a student's and a teacher's window draw in `ms` in which nobody does
// anything, after the first frames are over (the windows settling, the student counted).
struct FramesAtRest {
    long long student = 0;
    long long teacher = 0;
};
inline FramesAtRest frames_at_rest(Seat& student, Seat& teacher, int ms) {
    student.app->read_for(2000);
    teacher.app->read_for(500);
    const long long teacher_before = teacher.app->frames_drawn();
    const long long student_before = student.app->frames_drawn();
    student.app->read_for(ms);
    teacher.app->read_for(200);
    return {student.app->frames_drawn() - student_before, teacher.app->frames_drawn() - teacher_before};
}

// The pointer to the window's bottom right corner, off the board: a cell's tooltip would cover it.
inline void pointer_away(Seat& s) {
    s.app->move_pointer(1270, 790);
}

// The screen of a seat, kept as NAME.png under $TTT_KEEP_SCREENSHOTS when set.
inline Screen screen_of(Seat& s, const std::string& name) {
    // The layout line is printed as a frame is built; the screen holds it once the frame is shown.
    pause_ms(300);
    return kept(Screen::capture(*s.x), name);
}

inline Image::Rgb cell_pixel(Seat& s, const Screen& screen, const Layout& l, Pos p, double f = 0.5) {
    const ScreenPoint o = s.app->window_origin();
    return screen.at(o.x + l.px(p.col, f), o.y + l.py(p.row, f));
}

inline bool same(Image::Rgb a, Image::Rgb b) {
    return near(a, static_cast<std::uint8_t>(b.r), static_cast<std::uint8_t>(b.g),
                static_cast<std::uint8_t>(b.b), 12);
}

// The poll's tint (panels/live_banner.cpp): magenta over the board.
inline bool tinted(Image::Rgb c) {
    return c.r > c.g + 40 && c.b > c.g + 40;
}

inline std::vector<double> live_button(const Layout& l, const std::string& name) {
    return Json(Json(l.line).dump("live_buttons").value_or("{}")).numbers(name);
}

inline void click_button(AppProcess& app, const Layout& l, const std::string& name) {
    const auto at = live_button(l, name);
    REQUIRE_MESSAGE(at.size() == 2, "no button " << name << " in " << l.line);
    app.click_at(static_cast<int>(at[0]), static_cast<int>(at[1]));
}

inline void click_cell(AppProcess& app, const Layout& l, Pos p) {
    app.click_at(l.px(p.col, 0.5), l.py(p.row, 0.5));
}

// Opens the View menu and clicks its item `item` ("present", "follow": the menu bar's part of the line).
inline void click_view_item(AppProcess& app, const Layout& l, const std::string& item) {
    const auto menu_of = [](const Layout& at) { return Json(Json(at.line).dump("menu_bar").value_or("{}")); };
    const std::vector<double> view = menu_of(l).numbers("view");
    REQUIRE(view.size() == 2);
    app.click_at(static_cast<int>(view[0]), static_cast<int>(view[1]));
    const auto open = app.wait_for([&](const Layout& at) { return menu_of(at).numbers(item).size() == 2; });
    REQUIRE_MESSAGE(open, "the View menu showed no item " << item);
    const std::vector<double> at = menu_of(*open).numbers(item);
    app.click_at(static_cast<int>(at[0]), static_cast<int>(at[1]));
}

}  // namespace ttt::app::testing
