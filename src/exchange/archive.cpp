// Writing and reading cereal archives of games, with every failure of a hostile file turned into an
// ExchangeError that says where it happened. The words are ours: a text archive's syntax and shape are
// checked before cereal parses it, a binary read is checked against the bytes left before cereal makes
// it, and what cereal still throws past those checks gets a plain message of our own.
#include <cereal/archives/json.hpp>  // first: makes RapidJSON's assertions throw
#include <cereal/archives/portable_binary.hpp>
#include <cereal/archives/xml.hpp>

#include "tictactrace/exchange/archive.hpp"

#include "archive_layout.hpp"
#include "archive_shape.hpp"
#include "board_index.hpp"
#include "cereal_types.hpp"
#include "memory_stream.hpp"

#include <array>
#include <new>
#include <sstream>

namespace ttt::exchange {

namespace {

// [SECTION] Binary header

void put_u64_le(std::string& out, std::uint64_t value) {
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

std::uint64_t get_u64_le(std::string_view bytes) {
    std::uint64_t value = 0;
    for (int i = 7; i >= 0; --i)
        value = (value << 8) | static_cast<unsigned char>(bytes[static_cast<std::size_t>(i)]);
    return value;
}

// [SECTION] Where a failure is

// What a reader says when cereal throws although our checks passed: the checks mirror what the loaders
// read, so this is a file they did not foresee; the library's own words are not for users.
constexpr const char* kUnreadable =
    "broken archive: a value cannot be read as the archive's format writes it";
constexpr const char* kOutOfMemory = "broken archive: there is not enough memory to read it";

std::string where_in_game(const DecodeTrace& trace) {
    if (trace.event >= 0) return "event " + std::to_string(trace.event + 1) + ": ";
    return {};
}

// The location of a failure in a text archive: the event, else the game, the trace had reached.
SourceSpot text_spot(const detail::ArchiveLayout& layout, const DecodeTrace& trace, const LineIndex& lines) {
    if (trace.game < 0 || static_cast<std::size_t>(trace.game) >= layout.games.size())
        return lines.spot(static_cast<std::size_t>(layout.root));
    const auto g = static_cast<std::size_t>(trace.game);
    if (trace.event >= 0 && static_cast<std::size_t>(trace.event) < layout.events[g].size())
        return lines.spot(static_cast<std::size_t>(layout.events[g][static_cast<std::size_t>(trace.event)]));
    return lines.spot(static_cast<std::size_t>(layout.games[g]));
}

// `check_shape` (archive_shape.hpp) runs first; `Reader` is cereal's archive of the same format.
template <class Reader>
Result<ArchiveContents, ExchangeError>
decode_text(std::string_view text, const detail::ArchiveLayout& layout,
            std::optional<detail::ShapeProblem> (*check_shape)(std::string_view)) {
    const LineIndex lines(text);
    DecodeTrace trace;
    if (std::optional<detail::ShapeProblem> problem = check_shape(text)) {
        trace.game = problem->game;
        trace.event = problem->event;
        return fail(ExchangeError{ExchangeErrorKind::Malformed, where_in_game(trace) + problem->message,
                                  text_spot(layout, trace, lines), trace.game});
    }
    GameArchive archive;
    try {
        detail::MemoryStreambuf buffer(text);
        std::istream stream(&buffer);
        cereal::UserDataAdapter<DecodeTrace, Reader> reader(trace, stream);
        reader(cereal::make_nvp("tictactrace", archive));
    } catch (const DecodeError& e) {
        return fail(ExchangeError{e.kind(), where_in_game(trace) + e.what(), text_spot(layout, trace, lines),
                                  trace.game});
    } catch (const std::bad_alloc&) {
        return fail(ExchangeError{ExchangeErrorKind::Malformed, where_in_game(trace) + kOutOfMemory,
                                  text_spot(layout, trace, lines), trace.game});
    } catch (const std::exception&) {
        return fail(ExchangeError{ExchangeErrorKind::Malformed, where_in_game(trace) + kUnreadable,
                                  text_spot(layout, trace, lines), trace.game});
    }
    for (std::size_t g = 0; g < archive.games.size() && g < layout.games.size(); ++g) {
        GameRecord& game = archive.games[g];
        game.where = lines.spot(static_cast<std::size_t>(layout.games[g]));
        const auto& offsets = layout.events[g];
        for (std::size_t e = 0; e < game.events.size() && e < offsets.size(); ++e)
            game.events[e].where = lines.spot(static_cast<std::size_t>(offsets[e]));
    }
    return ArchiveContents{std::move(archive.games), std::move(archive.lesson)};
}

Result<ArchiveContents, ExchangeError> decode_binary(std::string_view bytes) {
    const auto at = [](std::size_t offset) {
        SourceSpot spot;
        spot.byte_offset = static_cast<std::int64_t>(offset);
        return spot;
    };
    const std::size_t magic_seen = std::min(bytes.size(), kBinaryMagic.size());
    if (bytes.empty())
        return fail(ExchangeError{ExchangeErrorKind::Unknown, "the file is empty: there is nothing to import",
                                  at(0), -1});
    if (bytes.substr(0, magic_seen) != kBinaryMagic.substr(0, magic_seen)) {
        // A text saved as UTF-16 (Windows' "Unicode") reads as none of the formats: say so, not just no.
        const bool utf16 = bytes.size() >= 2 && ((bytes[0] == '\xFF' && bytes[1] == '\xFE') ||
                                                 (bytes[0] == '\xFE' && bytes[1] == '\xFF'));
        return fail(ExchangeError{
            ExchangeErrorKind::Unknown,
            utf16 ? "not a file this program reads: it is text in UTF-16 (it starts with a UTF-16 byte-order "
                    "mark); saved as UTF-8 it may be read"
                  : "not a file this program reads: expected JSON, XML, SGF, PSQ, a RenLib library or a "
                    "tictactrace binary archive",
            at(0), -1});
    }
    if (bytes.size() < kBinaryHeaderSize)
        return fail(ExchangeError{ExchangeErrorKind::Truncated,
                                  "truncated file: the binary header is incomplete", at(bytes.size()), -1});
    const std::uint64_t declared = get_u64_le(bytes.substr(kBinaryMagic.size(), 8));
    const std::uint64_t present = bytes.size() - kBinaryHeaderSize;
    if (declared > present)
        return fail(ExchangeError{ExchangeErrorKind::Truncated,
                                  "truncated file: the header announces " + std::to_string(declared) +
                                      " bytes of archive but only " + std::to_string(present) + " follow",
                                  at(bytes.size()), -1});
    if (declared < present)
        return fail(ExchangeError{ExchangeErrorKind::Malformed,
                                  "broken archive: " + std::to_string(present - declared) +
                                      " unexpected bytes after the archive's end",
                                  at(kBinaryHeaderSize + declared), -1});

    const std::string_view payload = bytes.substr(kBinaryHeaderSize);
    // cereal's reader takes its endianness byte as it is made.
    if (payload.empty())
        return fail(ExchangeError{ExchangeErrorKind::Truncated, kTruncatedValue, at(bytes.size()), -1});
    DecodeTrace trace;
    detail::MemoryStreambuf buffer(payload);
    std::istream stream(&buffer);
    trace.payload = &buffer;
    trace.payload_base = static_cast<std::int64_t>(kBinaryHeaderSize);
    const auto here = [&] {
        const auto pos = buffer.position();
        return at(kBinaryHeaderSize + pos);
    };
    // A truncated archive is reported where it ends.
    const auto error = [&](ExchangeErrorKind kind, const std::string& message) {
        return ExchangeError{kind, where_in_game(trace) + message,
                             kind == ExchangeErrorKind::Truncated ? at(bytes.size()) : here(), trace.game};
    };
    GameArchive archive;
    try {
        cereal::UserDataAdapter<DecodeTrace, cereal::PortableBinaryInputArchive> reader(trace, stream);
        reader(archive);
    } catch (const DecodeError& e) {
        return fail(error(e.kind(), e.what()));
    } catch (const std::bad_alloc&) {
        return fail(error(ExchangeErrorKind::Malformed, kOutOfMemory));
    } catch (const std::exception&) {
        // The loaders check every read of theirs against the bytes left; the one cereal makes by itself
        // (a type's version number) can still meet the end.
        if (buffer.at_end()) return fail(error(ExchangeErrorKind::Truncated, kTruncatedValue));
        return fail(error(ExchangeErrorKind::Malformed, kUnreadable));
    }
    if (buffer.position() != payload.size())
        return fail(ExchangeError{ExchangeErrorKind::Malformed,
                                  "broken archive: the games end before the archive does", here(), -1});
    return ArchiveContents{std::move(archive.games), std::move(archive.lesson)};
}

// The text (or bytes) of an archive whose root is `root`.
template <class Root>
std::string encode(const Root& root, Format format) {
    std::ostringstream out;
    switch (format) {
    case Format::Json: {
        cereal::JSONOutputArchive writer(out);
        writer(cereal::make_nvp("tictactrace", root));
        break;
    }
    case Format::Xml: {
        cereal::XMLOutputArchive writer(out);
        writer(cereal::make_nvp("tictactrace", root));
        break;
    }
    case Format::Binary: {
        // The magic, room for the payload's length, then the payload, all in one buffer that is moved
        // out whole: a four-million-event game is never held twice.
        std::string length;
        put_u64_le(length, 0);
        out << kBinaryMagic << length;
        {
            cereal::PortableBinaryOutputArchive writer(out);
            writer(root);
        }
        std::string bytes = std::move(out).str();
        const std::size_t header = std::string_view(kBinaryMagic).size() + length.size();
        length.clear();
        put_u64_le(length, bytes.size() - header);
        bytes.replace(header - length.size(), length.size(), length);
        return bytes;
    }
    case Format::Sgf:
    case Format::Psq:
    case Format::Board:
    case Format::Renlib: break;
    }
    std::string text = std::move(out).str();
    if (!text.empty() && text.back() != '\n') text.push_back('\n');
    return text;
}

}  // namespace

std::string write_archive(std::span<const GameRecord> games, Format format) {
    return encode(GameArchiveView{games}, format);
}

std::string write_lesson(std::span<const GameRecord> games, const LessonPlan& plan, Format format) {
    return encode(LessonArchiveView{games, &plan}, format);
}

Result<ArchiveContents, ExchangeError> read_archive_contents(std::string_view bytes, Format format) {
    switch (format) {
    case Format::Json: {
        auto layout = detail::scan_json(bytes);
        if (!layout) return fail(std::move(layout).error());
        return decode_text<cereal::JSONInputArchive>(bytes, layout.value(), &detail::check_json_shape);
    }
    case Format::Xml: {
        auto layout = detail::scan_xml(bytes);
        if (!layout) return fail(std::move(layout).error());
        return decode_text<cereal::XMLInputArchive>(bytes, layout.value(), &detail::check_xml_shape);
    }
    case Format::Binary: return decode_binary(bytes);
    case Format::Sgf:
    case Format::Psq:
    case Format::Board:
    case Format::Renlib: break;
    }
    return fail(ExchangeError{
        ExchangeErrorKind::Unknown, std::string(name_of(format)) + " is not an archive format", {}, -1});
}

Result<std::vector<GameRecord>, ExchangeError> read_archive(std::string_view bytes, Format format) {
    auto contents = read_archive_contents(bytes, format);
    if (!contents) return fail(std::move(contents).error());
    return std::move(contents.value().games);
}

namespace detail {

Pos pos_from_archive(std::int64_t row, std::int64_t col) {
    const auto r = index_from_one_based(row);
    if (!r)
        throw DecodeError(ExchangeErrorKind::IllegalEvent,
                          "row " + std::to_string(row) + " is off the board");
    const auto c = index_from_one_based(col);
    if (!c)
        throw DecodeError(ExchangeErrorKind::IllegalEvent,
                          "column " + std::to_string(col) + " is off the board");
    return {*r, *c};
}

}  // namespace detail

}  // namespace ttt::exchange
