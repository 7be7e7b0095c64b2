// Game > Export.
#include "model/game_export.hpp"

#include "tictactrace/base/write_file.hpp"
#include "tictactrace/exchange/diagram.hpp"
#include "tictactrace/exchange/diagram_scene.hpp"
#include "tictactrace/exchange/psq.hpp"
#include "tictactrace/exchange/store_transfer.hpp"
#include "tictactrace/exchange/write_games.hpp"

#include <cctype>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace ttt::app {

namespace {

// The intent's formats are the exchange layer's, value for value: the cast below relies on it.
constexpr bool same_formats() {
    using F = exchange::Format;
    using E = ExportFormat;
    return static_cast<int>(E::Json) == static_cast<int>(F::Json) &&
           static_cast<int>(E::Xml) == static_cast<int>(F::Xml) &&
           static_cast<int>(E::Binary) == static_cast<int>(F::Binary) &&
           static_cast<int>(E::Sgf) == static_cast<int>(F::Sgf) &&
           static_cast<int>(E::Psq) == static_cast<int>(F::Psq);
}
static_assert(same_formats());

// The one file write of an export: a failure leaves the old file as it was, and the notice says why
// ("cannot write game.json: No space left on device").
bool write_and_say(const std::filesystem::path& path, std::string_view bytes, const std::string& done,
                   Notices& notices, Notice::Level level = Notice::Level::Info) {
    if (const auto written = base::write_file(path, bytes); !written) {
        std::string sentence = written.error().message;
        if (!sentence.empty())
            sentence[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(sentence[0])));
        notices.say(Notice::Level::Error, sentence + ".");
        return false;
    }
    notices.say(level, done);
    return true;
}

}  // namespace

bool export_game(const store::EventStore& store, store::GameId id, ExportFormat format,
                 const std::filesystem::path& path, Notices& notices) {
    const auto record = exchange::export_from_store(store, id);
    if (!record) {
        notices.say(Notice::Level::Error, "There is no " + game_name(id) + " to export any more.");
        return false;
    }
    const auto bytes = exchange::write_games(std::span(&*record, 1), static_cast<exchange::Format>(format));
    if (!bytes) {
        notices.say(Notice::Level::Error, std::string("Cannot export as ") + name_of(format) + ": " +
                                              bytes.error().describe() + ".");
        return false;
    }
    std::string done = "Wrote " + game_name(id) + " as " + name_of(format) + " to " + path.string() + ".";
    // A PSQ file holds the game's own moves and names: what else the game had is said, not lost in silence.
    const std::string lost = format == ExportFormat::Psq ? exchange::psq_left_out(*record) : std::string();
    if (!lost.empty())
        done += " A PSQ file holds a game's own moves and names only: left out " + lost +
                " (export as SGF or JSON to keep them).";
    return write_and_say(path, bytes.value(), done, notices,
                         lost.empty() ? Notice::Level::Info : Notice::Level::Warning);
}

bool export_diagram(const Position& position, const Annotation& note, const ExportDiagram& request,
                    Notices& notices) {
    const auto format = exchange::diagram_format_of(request.path.filename().string());
    if (!format) {
        const std::string stem = request.path.stem().string();
        notices.say(Notice::Level::Error, "A diagram is written as SVG or PNG: name the file " + stem +
                                              ".svg or " + stem + ".png.");
        return false;
    }
    const exchange::DiagramOptions options{request.numbers, request.title, note};
    std::string bytes;
    if (*format == exchange::DiagramFormat::Svg) {
        bytes = exchange::diagram_svg(position, options);
    } else {
        auto png = exchange::diagram_png(position, options, request.size);
        if (!png) {
            std::string sentence = png.error();
            sentence[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(sentence[0])));
            notices.say(Notice::Level::Error, sentence + ".");
            return false;
        }
        bytes = std::move(png).value();
    }
    std::string done = "Wrote the diagram to " + request.path.string() + ".";
    // Drawn as empty boxes: said, so that nobody hands out a worksheet with a comment nobody can read.
    const std::string missing = *format == exchange::DiagramFormat::Png
                                    ? exchange::diagram_png_missing_glyphs(position, options)
                                    : std::string();
    if (!missing.empty())
        done += std::string(" Its font (") + exchange::kDiagramFont + ") has no glyph for " + missing +
                ": they are drawn as empty boxes; an SVG leaves them to its viewer's fonts.";
    return write_and_say(request.path, bytes, done, notices,
                         missing.empty() ? Notice::Level::Info : Notice::Level::Warning);
}

}  // namespace ttt::app
