// The event hash chain: the exact bytes each hash covers.
#include "event_hash.hpp"

#include <algorithm>
#include <string>

namespace ttt::store::detail {

namespace {

// Big-endian, so the bytes hashed do not depend on the machine.
template <class T>
void feed_integer(Sha256& h, T value) noexcept {
    std::uint8_t bytes[sizeof(T)];
    auto v = static_cast<std::uint64_t>(value);
    for (std::size_t i = 0; i < sizeof(T); ++i)
        bytes[sizeof(T) - 1 - i] = static_cast<std::uint8_t>(v >> (8 * i));
    h.update(bytes, sizeof(T));
}

void feed_text(Sha256& h, std::string_view text) noexcept {
    feed_integer(h, static_cast<std::uint64_t>(text.size()));
    h.update(text);
}

}  // namespace

Digest chain_hash(const Digest& previous, Seq seq, std::string_view type, int version,
                  std::string_view payload, std::int64_t recorded_ms) noexcept {
    Sha256 h;
    h.update("tictactrace event 1", 20);  // the tag and its terminating zero: the layout of this input
    h.update(previous.data(), previous.size());
    feed_integer(h, static_cast<std::int64_t>(seq));
    feed_text(h, type);
    feed_integer(h, static_cast<std::int32_t>(version));
    feed_text(h, payload);
    feed_integer(h, recorded_ms);
    return h.digest();
}

std::optional<Digest> digest_of(std::span<const std::uint8_t> blob) noexcept {
    Digest d;
    if (blob.size() != d.size()) return std::nullopt;
    std::copy(blob.begin(), blob.end(), d.begin());
    return d;
}

std::string short_hex(const Digest& digest) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < 6; ++i) {
        out += kHex[digest[i] >> 4];
        out += kHex[digest[i] & 0xf];
    }
    return out;
}

}  // namespace ttt::store::detail
