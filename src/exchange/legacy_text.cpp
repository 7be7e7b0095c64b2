// Windows code pages to UTF-8: GBK through the C library's iconv (its table is some 22,000 pairs, which we
// do not keep a copy of), Windows-1252 by its own 32-entry table.
#include "legacy_text.hpp"

#include "tictactrace/base/utf8.hpp"

#include <iconv.h>

#include <array>

namespace ttt::exchange::detail {

namespace {

// One iconv conversion, closed when it goes out of scope.
class IconvHandle {
public:
    IconvHandle(const char* to, const char* from) : m_handle(iconv_open(to, from)) {}
    ~IconvHandle() {
        if (valid()) iconv_close(m_handle);
    }
    IconvHandle(const IconvHandle&) = delete;
    IconvHandle& operator=(const IconvHandle&) = delete;

    [[nodiscard]] bool valid() const noexcept { return m_handle != reinterpret_cast<iconv_t>(-1); }
    [[nodiscard]] iconv_t get() const noexcept { return m_handle; }

private:
    iconv_t m_handle;
};

// Windows-1252's 0x80-0x9F; 0 where the code page has no character.
constexpr std::array<char16_t, 32> kWindows1252High{
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178,
};

}  // namespace

const char* name_of(TextEncoding encoding) noexcept {
    switch (encoding) {
    case TextEncoding::Utf8: return "UTF-8";
    case TextEncoding::Gbk: return "GBK";
    case TextEncoding::Windows1252: return "Windows-1252";
    }
    return "?";
}

std::optional<std::string> gbk_to_utf8(std::string_view bytes) {
    const IconvHandle handle("UTF-8", "GBK");
    if (!handle.valid()) return std::nullopt;
    // A GBK character is one or two bytes, and three at most in UTF-8.
    std::string out(bytes.size() * 3 + 4, '\0');
    char* in = const_cast<char*>(bytes.data());  // iconv's signature; it only reads the input
    std::size_t in_left = bytes.size();
    char* put = out.data();
    std::size_t out_left = out.size();
    if (iconv(handle.get(), &in, &in_left, &put, &out_left) == static_cast<std::size_t>(-1))
        return std::nullopt;
    out.resize(out.size() - out_left);
    // iconv checks what it decodes; this only makes sure that nothing invalid ever leaves here.
    if (!base::is_valid_utf8(out)) return std::nullopt;
    return out;
}

std::string windows1252_to_utf8(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size() * 2);
    for (const char c : bytes) {
        const auto byte = static_cast<unsigned char>(c);
        char32_t code = byte;
        if (byte >= 0x80 && byte <= 0x9F) {
            code = kWindows1252High[byte - 0x80U];
            if (code == 0) {
                out += base::kReplacementCharacter;
                continue;
            }
        }
        base::append_utf8(out, code);
    }
    return out;
}

}  // namespace ttt::exchange::detail
