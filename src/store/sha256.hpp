// SHA-256 (FIPS 180-4), the hash that chains each game's events: written here because the store needs
// only this one function and SQLite ships none.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ttt::store::detail {

using Digest = std::array<std::uint8_t, 32>;

// Hashes bytes fed in any number of pieces; digest() ends it.
class Sha256 {
public:
    Sha256() noexcept;
    // `portable`: never the processor's SHA instructions, even where it has them (for the test that
    // compares both).
    explicit Sha256(bool portable) noexcept : Sha256() { m_portable = portable; }
    void update(const void* data, std::size_t size) noexcept;
    void update(std::string_view text) noexcept { update(text.data(), text.size()); }
    [[nodiscard]] Digest digest() noexcept;

    // Whether this processor's SHA instructions do the rounds.
    [[nodiscard]] static bool uses_sha_extensions() noexcept;

private:
    void compress(const std::uint8_t* block) noexcept;

    std::array<std::uint32_t, 8> m_state;
    std::array<std::uint8_t, 64> m_block{};
    std::size_t m_used = 0;      // bytes waiting in m_block
    std::uint64_t m_length = 0;  // bytes hashed so far
    bool m_portable = false;
};

}  // namespace ttt::store::detail
