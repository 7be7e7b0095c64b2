// SHA-256 against the known answers of FIPS 180-4's examples, fed whole and in pieces, and the processor's
// SHA instructions against the portable rounds on random inputs of every length around the block size.
#include "../../src/store/sha256.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>

using ttt::store::detail::Digest;
using ttt::store::detail::Sha256;

namespace {

std::string hex(const Digest& d) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (const auto b : d) {
        out += kHex[b >> 4];
        out += kHex[b & 0xf];
    }
    return out;
}

std::string sha(const std::string& text, bool portable = false, std::size_t piece = 0) {
    Sha256 h(portable);
    if (piece == 0) {
        h.update(text);
    } else {
        for (std::size_t at = 0; at < text.size(); at += piece)
            h.update(std::string_view(text).substr(at, piece));
    }
    return hex(h.digest());
}

}  // namespace

TEST_CASE("SHA-256 gives the known answers of FIPS 180-4, whole or fed in pieces") {
    const std::string two_blocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    const std::string million(1'000'000, 'a');
    for (const bool portable : {false, true}) {
        CAPTURE(portable);
        CHECK(sha("", portable) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        CHECK(sha("abc", portable) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        CHECK(sha(two_blocks, portable) ==
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
        CHECK(sha(million, portable) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
        for (const std::size_t piece : {1, 3, 63, 64, 65, 1000})
            CHECK(sha(million, portable, piece) ==
                  "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    }
}

TEST_CASE("the processor's SHA instructions and the portable rounds give the same digests") {
    const std::string used = Sha256::uses_sha_extensions() ? "yes" : "no";
    MESSAGE("SHA instructions in use: " << used);
    std::mt19937 rng(180);
    for (std::size_t length = 0; length < 300; ++length) {
        std::string text(length, '\0');
        for (char& c : text) c = static_cast<char>(rng());
        CHECK(sha(text, false) == sha(text, true));
    }
}
