// The event hash chain: the exact bytes each hash covers.
#include "event_hash.hpp"

#include <algorithm>
#include <string>

namespace ttt::store::detail {

namespace {

// Big-endian, so the bytes hashed do not depend on the machine.
template <class T>
std::uint8_t* put(std::uint8_t* at, T value) noexcept {
    auto v = static_cast<std::uint64_t>(value);
    for (std::size_t i = 0; i < sizeof(T); ++i)
        at[sizeof(T) - 1 - i] = static_cast<std::uint8_t>(v >> (8 * i));
    return at + sizeof(T);
}

}  // namespace

Digest chain_hash(const Digest& previous, Seq seq, std::string_view type, int version,
                  std::string_view payload, std::int64_t recorded_ms, std::string_view writer) noexcept {
    // The fixed part, then the type and the payload, each after its length. An event of a typical move
    // fits two SHA-256 blocks, so it is put together here and hashed in one piece.
    std::uint8_t head[32 + 8 + 8 + 4 + 2];
    std::uint8_t* at = std::copy(previous.begin(), previous.end(), head);
    at = put(at, static_cast<std::int64_t>(seq));
    at = put(at, recorded_ms);
    at = put(at, static_cast<std::int32_t>(version));
    at = put(at, static_cast<std::uint16_t>(std::min<std::size_t>(type.size(), 0xffff)));
    std::uint8_t payload_length[4];
    put(payload_length, static_cast<std::uint32_t>(std::min<std::size_t>(payload.size(), 0xffffffff)));
    Sha256 h;
    std::uint8_t buffer[256];
    const std::size_t total = sizeof head + type.size() + sizeof payload_length + payload.size();
    if (total <= sizeof buffer && type.size() <= 0xffff && writer.empty()) {
        std::uint8_t* b = std::copy(std::begin(head), std::end(head), buffer);
        b = std::copy(type.begin(), type.end(), b);
        b = std::copy(std::begin(payload_length), std::end(payload_length), b);
        b = std::copy(payload.begin(), payload.end(), b);
        h.update(buffer, static_cast<std::size_t>(b - buffer));
    } else {
        h.update(head, sizeof head);
        h.update(type);
        h.update(payload_length, sizeof payload_length);
        h.update(payload);
        if (!writer.empty()) {
            std::uint8_t writer_length[2];
            put(writer_length, static_cast<std::uint16_t>(std::min<std::size_t>(writer.size(), 0xffff)));
            h.update(writer_length, sizeof writer_length);
            h.update(writer);
        }
    }
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
