// Reading Xvfb's screen file, layout-line parts, and importing the samples.
#include "teach_support.hpp"

#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/store_transfer.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>

namespace ttt::app::testing {

namespace {

std::uint32_t big_endian(const std::string& bytes, std::size_t field) {
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data() + field * 4);
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

int shift_of(std::uint32_t mask) {
    int s = 0;
    while (mask && !(mask & 1u)) {
        mask >>= 1;
        ++s;
    }
    return s;
}

}  // namespace

void pause_ms(int ms) {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

Layout settled_line(AppProcess& app, Layout current) {
    while (auto next = app.wait_for([&](const Layout& l) { return l.line != current.line; }, 300))
        current = *next;
    return current;
}

Screen Screen::capture(const XServer& server) {
    const std::filesystem::path file = server.screen_file();
    std::ifstream in(file, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "no screen file at " << file << ": Xvfb keeps none without -fbdir");
    // Read in one piece: the tests capture the 4 MB screen many times over.
    std::string bytes(static_cast<std::size_t>(std::filesystem::file_size(file)), '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    REQUIRE(in.gcount() == static_cast<std::streamsize>(bytes.size()));
    REQUIRE(bytes.size() >= 100);
    // XWD: 25 big-endian header fields, a colour map, then the pixels.
    const std::uint32_t header = big_endian(bytes, 0);
    const std::uint32_t width = big_endian(bytes, 4);
    const std::uint32_t height = big_endian(bytes, 5);
    const std::uint32_t byte_order = big_endian(bytes, 7);
    const std::uint32_t bits = big_endian(bytes, 11);
    const std::uint32_t stride = big_endian(bytes, 12);
    const std::uint32_t masks[3] = {big_endian(bytes, 14), big_endian(bytes, 15), big_endian(bytes, 16)};
    const std::uint32_t colors = big_endian(bytes, 19);
    REQUIRE(bits == 32);
    const std::size_t start = header + std::size_t{colors} * 12;
    REQUIRE(bytes.size() >= start + std::size_t{stride} * height);
    Screen s;
    s.m_w = static_cast<int>(width);
    s.m_h = static_cast<int>(height);
    s.m_pixels.resize(std::size_t{width} * height);
    const int shifts[3] = {shift_of(masks[0]), shift_of(masks[1]), shift_of(masks[2])};
    for (std::uint32_t y = 0; y < height; ++y)
        for (std::uint32_t x = 0; x < width; ++x) {
            const auto* p = reinterpret_cast<const unsigned char*>(bytes.data() + start +
                                                                   std::size_t{y} * stride + x * 4);
            const std::uint32_t v = byte_order == 0
                                        ? (std::uint32_t{p[3]} << 24) | (std::uint32_t{p[2]} << 16) |
                                              (std::uint32_t{p[1]} << 8) | p[0]
                                        : (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) |
                                              (std::uint32_t{p[2]} << 8) | p[3];
            Image::Rgb& out = s.m_pixels[std::size_t{y} * width + x];
            out.r = static_cast<int>((v & masks[0]) >> shifts[0]);
            out.g = static_cast<int>((v & masks[1]) >> shifts[1]);
            out.b = static_cast<int>((v & masks[2]) >> shifts[2]);
        }
    return s;
}

Image::Rgb Screen::at(int x, int y) const {
    // One branch rather than four REQUIREs: the tests compare whole screens pixel by pixel.
    if (x < 0 || y < 0 || x >= m_w || y >= m_h)
        FAIL("pixel (" << x << ", " << y << ") is outside the " << m_w << "x" << m_h << " screen");
    return m_pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(m_w) +
                    static_cast<std::size_t>(x)];
}

std::optional<std::string> part(const std::string& line, const std::string& name) {
    const Json json(line);
    const auto* v = json.find(name);
    if (!v || !v->IsObject()) return std::nullopt;
    return json.dump(name);
}

std::vector<double> numbers(const std::string& object, const std::string& key) {
    return Json(object).numbers(key);
}

std::string text(const std::string& object, const std::string& key) {
    return Json(object).text(key).value_or("");
}

std::optional<ShownWindow> shown_window(const std::string& line, const std::string& id) {
    for (const ShownWindow& w : windows_of(line))
        if (w.id == id) return w;
    return std::nullopt;
}

std::string check_speed_readable(const std::string& panel, const Image& image, const ShownWindow& window) {
    const Json json(panel);
    const auto speed = json.dump("speed");
    REQUIRE_MESSAGE(speed.has_value(), "no speed slider in " << panel);
    CAPTURE(*speed);
    const Json s(*speed);
    const std::vector<double> slider = s.numbers("slider");
    const std::vector<double> label = s.numbers("label");
    REQUIRE(slider.size() == 4);
    REQUIRE(label.size() == 4);
    const std::string written = s.text("text").value_or("");
    char expected[16];
    std::snprintf(expected, sizeof expected, "%.1f/s", s.number("value").value_or(-1));
    CHECK(written == expected);
    // Beside the slider on its line, not over it: the knob runs inside the slider's frame only.
    CHECK(label[0] >= slider[0] + slider[2]);
    CHECK(label[1] < slider[1] + slider[3]);
    CHECK(label[1] + label[3] > slider[1]);
    CHECK(label[2] > 0);
    // Whole inside the panel's window.
    CHECK(label[0] >= window.x);
    CHECK(label[0] + label[2] <= window.x + window.w);
    CHECK(label[1] >= window.y);
    CHECK(label[1] + label[3] <= window.y + window.h);
    // The digits, in the picture: light ink on the panel's dark ground.
    int ink = 0;
    for (int y = static_cast<int>(label[1]); y < static_cast<int>(label[1] + label[3]); ++y)
        for (int x = static_cast<int>(label[0]); x < static_cast<int>(label[0] + label[2]); ++x) {
            const Image::Rgb c = image.at(x, y);
            if (c.r + c.g + c.b > 3 * 170) ++ink;
        }
    CAPTURE(ink);
    // A glyph's strokes, at least: "3.0/s" at 100 % lights some 60 pixels.
    CHECK(ink >= static_cast<int>(label[3]) * 2);
    return written;
}

store::GameId import_sample(const std::filesystem::path& db, const std::string& file) {
    std::ifstream in(std::filesystem::path(TTT_SAMPLES_DIR) / file, std::ios::binary);
    REQUIRE(in.good());
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    exchange::ImportOptions options;
    const auto read = exchange::read_games(bytes, options);
    REQUIRE(read.has_value());
    auto store = store::EventStore::open(db);
    const auto ids = exchange::import_into_store(store, read.value().games);
    REQUIRE(ids.has_value());
    REQUIRE(ids.value().size() == 1);
    return ids.value().front();
}

void write_setting(const std::filesystem::path& config, const std::string& line) {
    std::filesystem::create_directories(config / "tictactrace");
    std::ofstream out(config / "tictactrace" / "settings.ini", std::ios::app);
    out << line << '\n';
}

store::GameId game_of(WindowTest& t, const Rules& rules, const std::vector<Pos>& moves) {
    (void)t.fixture();
    auto store = store::EventStore::open(t.db);
    const auto created = store.create_game(GameCreated{rules, "Ann", "Bob"});
    REQUIRE(created.has_value());
    const store::GameId game = created.value();
    Player p = Player::X;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        REQUIRE(store.append(game, static_cast<store::Seq>(i), MovePlayed{p, moves[i]}).has_value());
        p = other(p);
    }
    return game;
}

}  // namespace ttt::app::testing
