// tictactrace-gui: set up (options, settings, the log, the window, ImGui, the app), run the main loop, tear
// down in reverse. No display is an exception caught here; a log that cannot be opened opens the window
// on a dialog that says why (and asks for a server's password when that is what is missing), so that a
// window started from the desktop's menu never fails without a word. Once running, the controller turns
// a storage failure into a notice and the app goes on.
#include "allocation_count.hpp"
#include "app.hpp"
#include "app_error.hpp"
#include "cli/server_login.hpp"
#include "gfx/framebuffer.hpp"
#include "gfx/gl.hpp"
#include "gfx/glfw_window.hpp"
#include "gfx/png_file.hpp"
#include "model/controller.hpp"
#include "model/frame_pacer.hpp"
#include "model/settings.hpp"
#include "model/start_options.hpp"
#include "panels/connect_dialog.hpp"
#include "tictactrace/base/json_writer.hpp"
#include "tictactrace/store/default_path.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"
#include "ui/imgui_session.hpp"

#include <GLFW/glfw3.h>
#include <signal.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <functional>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

namespace {

using namespace ttt;
using namespace ttt::app;

// Set by SIGTERM, SIGINT or SIGHUP: the main loop ends as Quit would, so that everything is torn down in
// order — an engine's brain ended and reaped rather than left running without its window.
volatile std::sig_atomic_t g_stop_signal = 0;

extern "C" void on_stop_signal(int) {
    g_stop_signal = 1;
}

void catch_stop_signals() {
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    for (int sig : {SIGTERM, SIGINT, SIGHUP}) ::sigaction(sig, &action, nullptr);
}

// The connect dialog changes only by input: it wakes once a second anyway, only to see a stop signal that
// another thread took.
constexpr double kDialogWakeSeconds = 1.0;
// A text field's cursor blinks (ImGui 1.86: 0.8 s shown, 0.4 s hidden): a frame every 0.4 s while one
// has the keyboard.
constexpr double kBlinkSeconds = 0.4;
// A live lesson's window ticks every 100 ms (the presenter's heartbeat, the follower's checks) and draws
// when what the lesson shows changed (live_shown below).
constexpr double kLiveTickSeconds = 0.1;
// Relative times ("5 min ago") are brought up to date once a minute.
constexpr double kClockFrameSeconds = 60.0;

// Mean, median and 95th percentile of a phase's frame times, in milliseconds.
struct FrameFigures {
    double mean = 0;
    double median = 0;
    double p95 = 0;
};

FrameFigures figures_of(std::vector<double> ms) {
    if (ms.empty()) return {};
    std::sort(ms.begin(), ms.end());
    return {std::accumulate(ms.begin(), ms.end(), 0.0) / static_cast<double>(ms.size()), ms[ms.size() / 2],
            ms[std::min(ms.size() - 1, ms.size() * 95 / 100)]};
}

// Frame times of the benchmark mode, printed as one line per phase.
void print_frame_times(const char* phase, const std::vector<double>& ms) {
    if (ms.empty()) return;
    const FrameFigures f = figures_of(ms);
    std::printf("%s: %zu frames, mean %.2f ms, median %.2f ms, p95 %.2f ms\n", phase, ms.size(), f.mean, f.median,
                f.p95);
}

void figures_json(base::JsonWriter& json, const std::vector<double>& ms) {
    const FrameFigures f = figures_of(ms);
    json.begin_object()
        .key("mean_ms").value(f.mean, 3)
        .key("median_ms").value(f.median, 3)
        .key("p95_ms").value(f.p95, 3)
        .end_object();
}

// One phase of the benchmark: its frames' whole times and UI-build times.
struct BenchPhase {
    const char* name;
    std::vector<double> whole_ms;
    std::vector<double> build_ms;  // the part of each frame spent building the UI (our code and ImGui's)
};

// The benchmark's input for frame `frame` of phase 1 (moving) or 2 (jumping): what a user does with the
// keys and the scrollbar, as intents.
void inject_bench_move(App& app, const Controller& controller, int phase, int frame) {
    // A fixed scramble of the frame number: the same jumps on every run.
    const auto scrambled =
        static_cast<std::int64_t>((static_cast<std::uint64_t>(frame) * 2654435761u) % 4294967291u);
    if (const GameSession* s = controller.session()) {
        if (phase == 1)
            app.inject(StepBy{-1});
        else
            app.inject(JumpTo{static_cast<int>(scrambled % (s->last_step() + 1))});
        return;
    }
    const std::int64_t games = controller.game_list().count().value_or(0);
    if (phase == 1)
        app.inject(ScrollGames{30});
    else if (games > 0)
        app.inject(ScrollGames{scrambled % games - controller.game_list().first_shown()});
}

// The window and ImGui, made once: before the log when opening it failed (the dialog needs them), after
// it otherwise, as before.
struct Screen {
    std::optional<gfx::Window> window;
    std::optional<ImGuiSession> imgui;
};

// "tictactrace-gui: cannot use the game database (KIND): SENTENCE", for stderr.
std::string failure_line(const store::StorageError& error) {
    return std::string("tictactrace-gui: cannot use the game database (") + store::name_of(error.kind()) +
           "): " + error.what();
}

// The log at `db`, opened with `store_options`. When it cannot be opened, the window opens on the
// ConnectDialog (open_window makes it), which says why and offers Try again and Quit, or asks for a
// server's password that is missing or was refused; it runs until the log opens or the user quits.
// nullopt: the user quit, closed the window or ended the program (SIGTERM), or a screenshot of the dialog
// was taken (--screenshot); the failure has been said on stderr and the status is 5. A benchmark
// (--bench-frames) shows no dialog: the StorageError goes up as before.
std::optional<store::EventStore> open_log(const store::Location& where, const store::StoreOptions& store_options,
                                          const StartOptions& options, Screen& screen,
                                          const std::function<void()>& open_window) {
    std::optional<store::StorageError> first;
    try {
        return store::EventStore::open(where, store_options);
    } catch (const store::StorageError& error) {
        if (options.bench_frames > 0) throw;
        first = error;
    }
    const bool server = where.on_server();
    const auto target = server ? login::login_target(where.uri()) : std::nullopt;
    const std::filesystem::path password_file =
        server ? login::password_file(where.uri()) : std::filesystem::path();
    // Without a target (a service file decides who logs in where) the password is asked for all the
    // same, but cannot be remembered: the line would have to name what only the service file knows.
    ConnectDialog dialog(where.shown(),
                         target ? login::describe(*target) : std::string("this database's login"),
                         target ? password_file : std::filesystem::path());
    std::string said = failure_line(*first);
    const auto show = [&](const store::StorageError& error, bool typed) {
        const auto trouble = login::password_trouble(error);
        dialog.failed(store::name_of(error.kind()), error.what(),
                      server && trouble != login::PasswordTrouble::None,
                      typed && trouble == login::PasswordTrouble::Refused);
        said = failure_line(error);
    };
    show(*first, false);
    // Said on stderr too, when the user gives up: a terminal or a log may be watching.
    const auto give_up = [&]() -> std::optional<store::EventStore> {
        std::fprintf(stderr, "%s\n", said.c_str());
        return std::nullopt;
    };

    open_window();
    gfx::Window& window = *screen.window;
    ImGuiSession& imgui = *screen.imgui;
    // The text cursor stays still: a blinking one would make two pictures of the same field differ.
    ImGuiIO& io = ImGui::GetIO();
    const bool blink = io.ConfigInputTextCursorBlink;
    io.ConfigInputTextCursorBlink = false;
    struct RestoreBlink {
        ImGuiIO& io;
        bool blink;
        ~RestoreBlink() { io.ConfigInputTextCursorBlink = blink; }
    } restore{io, blink};

    const bool headless = options.screenshot.has_value();
    std::optional<store::EventStore> opened;  // held while the dialog says the password was not remembered
    std::optional<ConnectDialog::Choice> pending;
    bool pending_shown = false;  // a frame said "Connecting..." before the wait
    std::uint64_t input_seen = 0;
    FramePacer pacer;
    std::string last_line;
    for (int frame = 1;;) {
        if (window.should_close() || g_stop_signal) return give_up();
        if (pending && pending_shown) {
            ConnectDialog::Choice choice = std::move(*pending);
            pending.reset();
            if (auto* connect = std::get_if<ConnectDialog::Connect>(&choice)) {
                try {
                    opened = store::EventStore::open(
                        store::Location::server(login::with_password(where.uri(), connect->password)),
                        store_options);
                } catch (const store::StorageError& error) {
                    show(error, true);
                }
                if (opened && connect->remember && target) {
                    if (auto kept = login::remember_password(password_file, *target, connect->password);
                        !kept)
                        dialog.not_remembered(std::move(kept).error());
                    else
                        return opened;
                } else if (opened) {
                    return opened;
                }
                std::fill(connect->password.begin(), connect->password.end(), '\0');
            } else {
                try {
                    return store::EventStore::open(where, store_options);
                } catch (const store::StorageError& error) {
                    show(error, false);
                }
            }
        }
        // Nothing changes here but by input: the dialog sleeps until some comes (or a blink is due).
        const bool busy =
            headless || pending || imgui.input_held() || ImGuiSession::animating() || !window.input().empty();
        gfx::wait_events(pacer.wait_seconds(glfwGetTime(), busy, kDialogWakeSeconds));
        if (window.input_serial() != input_seen) {
            input_seen = window.input_serial();
            pacer.input();
        }
        const double now = glfwGetTime();
        if (!pacer.frame_due(now, busy || !window.input().empty())) continue;
        imgui.new_frame(window.input());
        ConnectDialog::Choice choice = dialog.draw();
        int fb_w = 0;
        int fb_h = 0;
        window.framebuffer_size(fb_w, fb_h);
        imgui.render(fb_w, fb_h);
        if (headless && frame >= options.frames) {
            auto pixels = gfx::read_back_buffer(fb_w, fb_h);
            for (std::size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;
            if (auto written = gfx::write_png(*options.screenshot, fb_w, fb_h, pixels); !written)
                throw AppError(written.error());
            window.swap_buffers();
            return give_up();
        }
        window.swap_buffers();
        pacer.drew(now);
        if (io.WantTextInput && io.ConfigInputTextCursorBlink) pacer.wake_at(now + kBlinkSeconds);
        ++frame;
        pending_shown = pending.has_value();
        if (options.print_layout) {
            // After the swap: a test that reads the line finds this frame on the screen.
            base::JsonWriter json;
            json.begin_object().key("board").null().key("game").null();
            dialog.layout_json(json);
            input_json(json);
            json.key("viewport").begin_array().value(fb_w).value(fb_h).end_array();
            json.key("windows").begin_array();
            dialog.window_json(json);
            json.end_array().end_object();
            if (json.str() != last_line) {
                last_line = json.str();
                std::printf("%s\n", last_line.c_str());
                std::fflush(stdout);
            }
        }
        if (std::holds_alternative<ConnectDialog::Quit>(choice)) return give_up();
        if (std::holds_alternative<ConnectDialog::Continue>(choice)) return opened;
        if (std::holds_alternative<ConnectDialog::Connect>(choice) ||
            std::holds_alternative<ConnectDialog::TryAgain>(choice)) {
            dialog.connecting();
            pending = std::move(choice);
            pending_shown = false;
        }
    }
}

int run(const StartOptions& options) {
    const auto process_start = std::chrono::steady_clock::now();
    const bool headless = options.screenshot || options.bench_frames > 0;

    // [1] The display first: without one we stop before the log is opened, so nothing is written.
    const gfx::GlfwLibrary glfw;

    // [2] Settings and the log. A locked, newer or broken database stops us here, before any window.
    const auto config = config_directory();
    const std::filesystem::path settings_file = config ? *config / "settings.ini" : std::filesystem::path();
    Settings settings = config ? Settings::load(settings_file) : Settings{};
    // An engine named by its number is the one listed there: a number past the list is a mistake in the
    // command line, refused before the log is opened.
    std::vector<SideChoice> sides = options.sides;
    for (SideChoice& choice : sides) {
        if (choice.engine_number == 0) continue;
        const std::size_t listed = headless ? 0 : settings.engines.size();
        if (choice.engine_number > listed) {
            const std::string why =
                headless ? "a headless run reads no settings, so it knows no engines"
                : listed == 0
                    ? "settings.ini lists no engine (Game > Engines... adds them)"
                    : "settings.ini lists " + std::to_string(listed) + (listed == 1 ? " engine" : " engines");
            std::fprintf(stderr, "tictactrace-gui: error: --opponent %c=engine:%zu: %s\n",
                         to_char(choice.player), choice.engine_number, why.c_str());
            return 2;
        }
        choice.side.engine = settings.engines[choice.engine_number - 1];
    }
    const store::Location default_log = store::Location::file(store::default_database_path());
    store::Location where = default_log;
    if (options.database)
        where = store::Location::parse(options.database->string());
    else if (!settings.last_database.empty() && std::filesystem::exists(settings.last_database))
        where = store::Location::file(settings.last_database);
    // --open names a game of a database that must be there already: a mistyped path is said as such,
    // and no empty file is left behind it.
    const bool on_server = where.on_server();
    if (options.open_game && !on_server && !std::filesystem::exists(where.path())) {
        std::fprintf(stderr, "tictactrace-gui: error: --open %lld: no database at %s\n",
                     static_cast<long long>(*options.open_game), where.path().string().c_str());
        return 2;
    }
    if (options.lesson && !std::filesystem::is_regular_file(*options.lesson)) {
        std::fprintf(stderr, "tictactrace-gui: error: --lesson: no file at %s\n",
                     options.lesson->string().c_str());
        return 2;
    }
    if (options.file && !std::filesystem::is_regular_file(*options.file)) {
        std::fprintf(stderr, "tictactrace-gui: error: no file at %s\n", options.file->string().c_str());
        return 2;
    }
    store::StoreOptions store_options;
    if (options.open_busy_timeout_ms) store_options.busy_timeout_ms = *options.open_busy_timeout_ms;
    // Opening waits as patiently as the CLI does; from there on a write is a click, refused after a short
    // wait for another program's lock rather than freezing the window for the store's 5 s.
    store_options.interactive_busy_timeout_ms = options.busy_timeout_ms.value_or(kInteractiveBusyTimeoutMs);
    // The look of the window: headless runs keep no layout and take neither the saved text size nor the
    // saved palette, so every screenshot starts the same. The fonts are made at the user's text size
    // times what the monitor asks for (a HiDPI screen's content scale).
    const float ui_scale = options.ui_scale.value_or(headless ? 1.0f : settings.ui_scale);
    const bool high_contrast = options.high_contrast || (!headless && settings.high_contrast);
    Screen screen;
    const auto open_window = [&] {
        if (screen.window) return;
        screen.window.emplace(glfw,
                              gfx::WindowOptions{options.width, options.height, "tictactrace", !headless});
        screen.imgui.emplace(screen.window->handle(),
                             (config && !headless) ? *config / "imgui.ini" : std::filesystem::path(),
                             ui_scale * screen.window->content_scale(), high_contrast);
        if (options.screenshot) screen.imgui->ignore_mouse();
    };
    catch_stop_signals();
    auto log = open_log(where, store_options, options, screen, open_window);
    if (!log) return 5;
    // The window shows the log's location only as Location::shown() (a typed password masked), and keeps
    // a file's path alone in its settings.
    Controller controller(std::move(*log));
    // A first run on the default database starts with the sample games to look at; a database the user
    // named is theirs, and gets nothing it did not ask for.
    if (where == default_log && !controller.has_games())
        if (const auto samples = samples_directory()) controller.import_samples(*samples);

    // A game the log does not hold is a mistake in the command line, refused like a bad option (a last
    // game that has gone since is not: the browser opens instead).
    if (options.open_game && !controller.last_step_of(*options.open_game)) {
        std::fprintf(stderr,
                     "tictactrace-gui: error: %s %lld: %s holds no game %lld (see tictactrace list)\n",
                     options.link ? "--link game=" : "--open", static_cast<long long>(*options.open_game),
                     where.shown().c_str(),  // never a URI's password
                     static_cast<long long>(*options.open_game));
        return 2;
    }
    // A lesson link's step is part of the moment it names: past the game's end it cannot be followed.
    if (options.link && options.at_step) {
        const auto last = controller.last_step_of(*options.open_game);
        if (last && *options.at_step > *last) {
            std::fprintf(stderr,
                         "tictactrace-gui: error: --link cannot be followed: game %lld has %lld steps, "
                         "at=%d is past its end\n",
                         static_cast<long long>(*options.open_game), static_cast<long long>(*last),
                         *options.at_step);
            return 2;
        }
    }

    bool browser = false;
    const auto open_start = std::chrono::steady_clock::now();
    if (options.lesson) {
        // Imported as a dropped file is (its games the log already holds are not copied again); its first
        // moment opens once it is in. A screenshot waits for it, so that it shows the moment.
        controller.start_import(ImportRequest{*options.lesson, {}, true});
        if (headless) controller.finish_imports();
    } else if (options.file) {
        // As a file dropped on the window: the import opens its first game, or a lesson's first moment.
        controller.start_import(ImportRequest{*options.file, {}, false});
        if (headless) controller.finish_imports();
    } else if (options.open_game) {
        if (!controller.open_game(*options.open_game, options.at_step)) browser = true;
    } else if (settings.last_game && !on_server && settings.last_database == std::filesystem::absolute(where.path())) {
        if (!controller.open_game(*settings.last_game)) browser = true;
    } else {
        browser = true;
    }
    // A following window shows the teacher's game, not a browser to choose one.
    if (options.follow) {
        browser = false;
        controller.apply(FollowTeacher{true, options.answer_as});
    }
    if (options.present) controller.apply(Present{true});
    // The sides asked for are the opened game's; the first poll starts the built-in when it is to move.
    if (controller.session()) {
        for (const SideChoice& choice : sides) controller.apply(SetSide{choice.player, choice.side});
        if (options.clock.on()) controller.set_clock(options.clock);
    }
    const double open_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - open_start).count();

    // [3] The window and ImGui (made already when the log needed the dialog).
    open_window();
    gfx::Window& window = *screen.window;
    ImGuiSession& imgui = *screen.imgui;
    App app(controller, settings, headless ? std::filesystem::path() : settings_file, imgui.fonts(), browser,
            options.show, options.layout);
    app.set_look(ui_scale, high_contrast);
    app.set_scale(imgui.scale());
    if (options.bench_frames > 0) app.show_every_panel();

    // [4] The main loop. Interactive: draw a few frames after each input, then sleep until the next.
    // --bench-frames N measures three phases of frames: N still, N moving (one step back per frame with a
    // game open, a screenful of the browser down per frame without), and N / 10 jumping (to a far step,
    // or anywhere in the browser's list).
    const int bench = options.bench_frames;
    const int jumps = std::max(1, bench / 10);
    const int frame_limit = options.screenshot ? options.frames : bench * 2 + jumps;
    BenchPhase phases[3] = {{"still (every panel open)", {}, {}}, {"moving", {}, {}}, {"jumping", {}, {}}};
    for (BenchPhase& p : phases) {
        p.whole_ms.reserve(static_cast<std::size_t>(bench));
        p.build_ms.reserve(static_cast<std::size_t>(bench));
    }
    // The idle frames: the still phase's second half, the game open and nothing changing, once the first
    // half has let ImGui size the windows and every cache fill. The program's heap allocations are
    // counted over them, the whole frame's (the poll and the background threads included).
    const int idle_from = bench / 2 + 1;
    const int idle_frames = bench - idle_from + 1;
    std::uint64_t idle_allocations = 0;
    std::optional<double> first_frame_ms;
    // Interactive, a frame is drawn only when something changed (FramePacer): input, an animation or a
    // running clock, a job's outcome, the log changed by another program, a notice, a timer a panel
    // asked for. Otherwise the loop sleeps in the window system's wait until input or the next change
    // check: an idle window costs next to nothing.
    FramePacer pacer;
    std::uint64_t input_seen = 0;
    std::uint64_t changes_seen = controller.changes_read();
    std::uint64_t shown_changes_seen = controller.shown_game_changes();
    std::int64_t notice_seen = 0;
    const std::int64_t check_ms = on_server ? 250 : 500;
    // A live lesson's state as the window last drew it, in the layout line's words ("live"): the banner,
    // the poll's line and answers, the verdict, the best move shown, the presentation followed. A frame is
    // drawn when it changes; the presenter's heartbeat and a follower's reads of an unchanged presentation
    // change nothing in it, so a lesson at rest draws nothing.
    std::string live_shown;
    bool was_busy = false;
    for (int frame = 1; !window.should_close() && !app.quit_requested() && !g_stop_signal;) {
        if (bench > 0 && frame == idle_from) allocations::start();
        const auto start = std::chrono::steady_clock::now();
        const bool live = controller.live().state().role() != LiveRole::None;
        const auto busy = [&] {
            return headless || app.busy() || imgui.input_held() || ImGuiSession::animating() ||
                   !window.input().empty();
        };
        // The change check's period bounds the sleep: another program's move shows within it.
        gfx::wait_events(pacer.wait_seconds(
            glfwGetTime(), busy(), live ? kLiveTickSeconds : static_cast<double>(check_ms) / 1000.0));
        if (window.input_serial() != input_seen) {
            input_seen = window.input_serial();
            pacer.input();
        }
        const int phase = frame <= bench ? 0 : frame <= 2 * bench ? 1 : 2;
        if (bench > 0 && phase > 0) inject_bench_move(app, controller, phase, frame);

        // Files dropped on the window import as Game > Import would, one after another.
        for (std::string& path : window.take_dropped()) app.inject(ImportFile{std::move(path), {}, {}});
        // Another machine's move shows within a check period: the change check runs every 500 ms on a
        // file (one PRAGMA) and every 250 ms on a server (reading the notifications already on the socket:
        // no round trip; the log's position once a second). A frame is drawn only when it found a change.
        controller.poll(now_ms(), check_ms);
        // Another program's commit: drawn when it changed the game shown, or while a panel that shows other
        // games is open (it reads them again in the frame). A commit that changed neither, a live lesson's
        // heartbeat on a shared file above all, draws nothing.
        if (controller.changes_read() != changes_seen) {
            changes_seen = controller.changes_read();
            if (controller.shown_game_changes() != shown_changes_seen || app.shows_other_games())
                pacer.changed();
            shown_changes_seen = controller.shown_game_changes();
        }
        if (live) {
            base::JsonWriter shown;
            shown.begin_object();
            controller.live().write_json(shown);
            // Each answer too, not only the counts: the teacher's table of answers shows when each was
            // given and how often it changed, which an answer given again on the same cell changes alone.
            if (const auto& poll = controller.live().state().poll()) {
                shown.key("answers").begin_array();
                for (const store::PollAnswer& a : poll->answers)
                    shown.begin_array()
                        .value(a.student)
                        .value(a.cell.row)
                        .value(a.cell.col)
                        .value(a.answered_ms)
                        .value(a.changes)
                        .end_array();
                shown.end_array();
            }
            shown.end_object();
            if (shown.str() != live_shown) {
                live_shown = shown.str();
                pacer.changed();
            }
        }
        // Something that kept the window drawing (a game read in the background, the built-in thinking)
        // ended in the poll above, which took what it brought: one frame shows it.
        const bool busy_now = busy();
        if (was_busy && !busy_now) pacer.changed();
        was_busy = busy_now;
        if (const auto& notice = controller.notice(); notice && notice->serial != notice_seen) {
            notice_seen = notice->serial;
            pacer.changed();
        }
        const double now = glfwGetTime();
        if (!pacer.frame_due(now, busy_now)) continue;
        // A new text size or palette (the menu, Ctrl+=, a move to another monitor): fonts and style are
        // made again here, between two frames.
        const float scale = app.ui_scale() * window.content_scale();
        if (scale != imgui.scale() || app.high_contrast() != imgui.high_contrast()) {
            imgui.restyle(scale, app.high_contrast());
            app.set_scale(scale);
        }
        const auto build_start = std::chrono::steady_clock::now();
        imgui.new_frame(window.input());
        // The animations' clock: real seconds, or faster for a test that waits on them (--time-scale).
        app.frame(glfwGetTime() * options.time_scale);
        const auto build_end = std::chrono::steady_clock::now();
        int fb_w = 0;
        int fb_h = 0;
        window.framebuffer_size(fb_w, fb_h);
        imgui.render(fb_w, fb_h);
        if (options.print_layout)
            if (auto line = app.layout_line()) {
                std::printf("%s\n", line->c_str());
                std::fflush(stdout);
            }

        if (options.screenshot && frame >= frame_limit) {
            // The back buffer holds this frame until the swap: read it now.
            auto pixels = gfx::read_back_buffer(fb_w, fb_h);
            for (std::size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;
            if (auto written = gfx::write_png(*options.screenshot, fb_w, fb_h, pixels); !written)
                throw AppError(written.error());
            window.swap_buffers();
            break;
        }
        window.swap_buffers();
        pacer.drew(now);
        if (const double next = app.next_change(); next < FramePacer::kNever)
            pacer.wake_at(next / options.time_scale);
        if (ImGui::GetIO().WantTextInput && ImGui::GetIO().ConfigInputTextCursorBlink)
            pacer.wake_at(now + kBlinkSeconds);
        pacer.wake_at(now + kClockFrameSeconds);
        if (options.print_layout) {
            // Every frame drawn, counted: a test sees that an idle window draws none.
            std::printf("{\"frames_drawn\":%llu}\n", static_cast<unsigned long long>(pacer.frames()));
            std::fflush(stdout);
        }
        if (bench > 0) {
            glFinish();
            const auto done = std::chrono::steady_clock::now();
            if (frame == bench) idle_allocations = allocations::stop();
            if (!first_frame_ms)
                first_frame_ms = std::chrono::duration<double, std::milli>(done - process_start).count();
            phases[phase].whole_ms.push_back(std::chrono::duration<double, std::milli>(done - start).count());
            phases[phase].build_ms.push_back(
                std::chrono::duration<double, std::milli>(build_end - build_start).count());
            if (frame >= frame_limit) break;
        }
        ++frame;
    }

    if (bench > 0 && options.bench_json) {
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        base::JsonWriter json;
        json.begin_object()
            .key("renderer").value(window.renderer_description())
            .key("window").begin_array().value(options.width).value(options.height).end_array()
            .key("frames").value(bench)
            .key("first_frame_ms").value(first_frame_ms.value_or(0), 1)
            .key("open_ms").value(open_ms, 1);
        json.key("game");
        if (const GameSession* s = controller.session())
            json.begin_object()
                .key("id").value(static_cast<std::int64_t>(s->id()))
                .key("steps").value(s->last_step())
                .key("rows_held").value(static_cast<std::int64_t>(s->rows_held()))
                .key("applied").value(static_cast<std::int64_t>(s->costs().applied))
                .key("reverted").value(static_cast<std::int64_t>(s->costs().reverted))
                .key("states").value(static_cast<std::int64_t>(s->costs().states))
                .end_object();
        else
            json.null();
        const auto& list = controller.game_list().reads();
        json.key("browser")
            .begin_object()
            .key("games").value(static_cast<std::int64_t>(controller.game_list().count().value_or(-1)))
            .key("pages").value(static_cast<std::int64_t>(list.pages))
            .key("rows").value(static_cast<std::int64_t>(list.rows))
            .key("counts").value(static_cast<std::int64_t>(list.counts))
            .end_object();
        // One case per phase: "still", "moving", "jumping".
        json.key("cases").begin_array();
        const char* names[3] = {"still", "moving", "jumping"};
        for (int i = 0; i < 3; ++i) {
            json.begin_object().key("name").value(names[i]).key("frames").value(
                static_cast<std::int64_t>(phases[i].whole_ms.size()));
            json.key("whole_frame");
            figures_json(json, phases[i].whole_ms);
            json.key("ui_build");
            figures_json(json, phases[i].build_ms);
            json.end_object();
        }
        json.end_array();
        json.key("peak_resident_mib").value(static_cast<double>(usage.ru_maxrss) / 1024.0, 1)
            .key("idle_frames").value(idle_frames)
            .key("idle_allocations").value(idle_allocations)
            .key("allocations_per_idle_frame")
            .value(static_cast<double>(idle_allocations) / static_cast<double>(idle_frames), 3)
            .end_object();
        std::printf("%s\n", json.str().c_str());
    } else if (bench > 0) {
        std::printf("%s, window %dx%d\n", window.renderer_description().c_str(), options.width,
                    options.height);
        std::printf("first frame %.0f ms after start (the game opened in %.0f ms)\n",
                    first_frame_ms.value_or(0), open_ms);
        if (const GameSession* s = controller.session())
            std::printf("game %lld: %d steps; %lld history rows held; moving applied %lld and reverted %lld "
                        "events, and asked the store for %lld states\n",
                        static_cast<long long>(s->id()), s->last_step(),
                        static_cast<long long>(s->rows_held()), static_cast<long long>(s->costs().applied),
                        static_cast<long long>(s->costs().reverted),
                        static_cast<long long>(s->costs().states));
        const auto& list = controller.game_list().reads();
        std::printf("browser: %lld games; read %lld pages (%lld rows) and %lld counts\n",
                    static_cast<long long>(controller.game_list().count().value_or(-1)),
                    static_cast<long long>(list.pages), static_cast<long long>(list.rows),
                    static_cast<long long>(list.counts));
        for (BenchPhase& p : phases) {
            const std::string what =
                p.name == std::string("moving")
                    ? (controller.session() ? "stepping back one step per frame"
                                            : "scrolling the browser a screenful per frame")
                : p.name == std::string("jumping")
                    ? (controller.session() ? "jumping to a random step every frame"
                                            : "jumping anywhere in the browser every frame")
                    : p.name;
            print_frame_times((what + ", whole frame").c_str(), p.whole_ms);
            print_frame_times((what + ", UI build only").c_str(), p.build_ms);
        }
        std::printf("heap allocations per idle frame %.3f (%llu over the last %d still frames)\n",
                    static_cast<double>(idle_allocations) / static_cast<double>(idle_frames),
                    static_cast<unsigned long long>(idle_allocations), idle_frames);
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        std::printf("peak resident memory %.0f MiB\n", static_cast<double>(usage.ru_maxrss) / 1024.0);
    }
    app.save_settings();
    return 0;
    // [5] Tear-down runs in reverse order of set-up: the app, the log (the controller), ImGui, the window,
    // GLFW.
}

}  // namespace

int main(int argc, char** argv) {
    const auto parsed = parse_start_options(argc, argv);
    if (const auto* exit_now = std::get_if<ExitNow>(&parsed)) {
        if (!exit_now->message.empty())
            std::fprintf(stderr, "tictactrace-gui: %s\n", exit_now->message.c_str());
        return exit_now->status;
    }
    try {
        return run(std::get<StartOptions>(parsed));
    } catch (const store::StorageError& e) {
        std::fprintf(stderr, "tictactrace-gui: cannot use the game database (%s): %s\n",
                     store::name_of(e.kind()), e.what());
        return 5;
    } catch (const AppError& e) {
        std::fprintf(stderr, "tictactrace-gui: %s\n", e.what());
        return 1;
    }
}
