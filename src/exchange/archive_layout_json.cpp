// The JSON archive scanner: RapidJSON's iterative SAX reader, recording where games and events start.
// cereal's json.hpp comes first: it makes RapidJSON's assertions throw instead of abort.
#include <cereal/archives/json.hpp>

#include "archive_layout.hpp"

#include "tictactrace/exchange/archive.hpp"

#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <charconv>
#include <string>

namespace ttt::exchange::detail {

namespace {

class LayoutHandler : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, LayoutHandler> {
public:
    explicit LayoutHandler(const rapidjson::MemoryStream& stream) : m_stream(&stream) {}

    bool Default() { return value(false); }
    // Numbers arrive as text (kParseNumbersAsStringsFlag): our archives hold whole numbers only, so
    // anything else is refused here, before RapidJSON's floating-point conversion (which cereal's
    // parse would run) ever sees it.
    bool RawNumber(const char* text, rapidjson::SizeType length, bool) {
        std::int64_t number = 0;
        const auto [end, ec] = std::from_chars(text, text + length, number);
        if (ec != std::errc() || end != text + length) {
            m_bad_number.assign(text, std::min<rapidjson::SizeType>(length, 32));
            m_bad_number_offset =
                static_cast<std::int64_t>(m_stream->Tell()) - static_cast<std::int64_t>(length);
            return false;
        }
        return value(false);
    }
    bool StartObject() { return value(true) && push(false); }
    bool EndObject(rapidjson::SizeType) { return pop(); }
    bool StartArray() { return value(false) && push(true); }
    bool EndArray(rapidjson::SizeType) { return pop(); }
    bool Key(const char* text, rapidjson::SizeType length, bool) {
        m_frames.back().key.assign(text, std::min<rapidjson::SizeType>(length, 32));
        return true;
    }

    [[nodiscard]] bool too_deep() const noexcept { return m_too_deep; }
    [[nodiscard]] const std::string& bad_number() const noexcept { return m_bad_number; }
    [[nodiscard]] std::int64_t bad_number_offset() const noexcept { return m_bad_number_offset; }
    [[nodiscard]] ArchiveLayout take() { return std::move(m_layout); }

private:
    struct Frame {
        bool array = false;
        std::int64_t count = 0;  // elements begun so far (arrays)
        std::string key;         // the member being read (objects)
    };

    // A value begins. `object`: it is an object, so record it when it is a game or an event.
    bool value(bool object) {
        const std::size_t depth = m_frames.size();
        if (object && depth == 1 && m_frames[0].key == "tictactrace")
            m_layout.root = static_cast<std::int64_t>(m_stream->Tell());
        if (object && depth >= 3 && m_frames[0].key == "tictactrace" && m_frames[1].key == "games" &&
            m_frames[2].array) {
            // The iterative reader calls StartObject before it takes the '{', so Tell() is the brace.
            const std::int64_t offset = static_cast<std::int64_t>(m_stream->Tell());
            if (depth == 3) {
                m_layout.games.push_back(offset);
                m_layout.events.emplace_back();
            } else if (depth == 5 && m_frames[3].key == "events" && m_frames[4].array &&
                       !m_layout.events.empty()) {
                m_layout.events.back().push_back(offset);
            }
        }
        if (!m_frames.empty() && m_frames.back().array) ++m_frames.back().count;
        return true;
    }

    bool push(bool array) {
        if (m_frames.size() >= static_cast<std::size_t>(kMaxArchiveDepth)) {
            m_too_deep = true;
            return false;
        }
        m_frames.push_back(Frame{array, 0, {}});
        return true;
    }

    bool pop() {
        m_frames.pop_back();
        return true;
    }

    const rapidjson::MemoryStream* m_stream;
    std::vector<Frame> m_frames;
    ArchiveLayout m_layout;
    bool m_too_deep = false;
    std::string m_bad_number;
    std::int64_t m_bad_number_offset = 0;
};

bool blank_from(std::string_view text, std::size_t offset) {
    return offset >= text.size() || text.find_first_not_of(" \t\r\n", offset) == std::string_view::npos;
}

}  // namespace

Result<ArchiveLayout, ExchangeError> scan_json(std::string_view text) {
    rapidjson::MemoryStream stream(text.data(), text.size());
    LayoutHandler handler(stream);
    rapidjson::Reader reader;
    constexpr unsigned kFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag;
    const rapidjson::ParseResult result = reader.Parse<kFlags>(stream, handler);
    if (!result) {
        ExchangeError error;
        error.where = spot_at_offset(text, result.Offset());
        if (!handler.bad_number().empty()) {
            error.where = spot_at_offset(text, static_cast<std::size_t>(handler.bad_number_offset()));
            error.message =
                "broken archive: " + handler.bad_number() + " is not a whole number an archive can hold";
        } else if (handler.too_deep()) {
            error.message =
                "broken archive: nested more than " + std::to_string(kMaxArchiveDepth) + " levels deep";
        } else if (blank_from(text, result.Offset()) &&
                   result.Code() != rapidjson::kParseErrorDocumentEmpty) {
            error.kind = ExchangeErrorKind::Truncated;
            error.message = "truncated file: the JSON ends before its last value is closed";
        } else {
            error.message = std::string("broken archive: ") + rapidjson::GetParseError_En(result.Code());
        }
        return fail(error);
    }
    return handler.take();
}

}  // namespace ttt::exchange::detail
