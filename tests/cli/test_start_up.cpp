// What the program loads before it does anything: the libraries its dynamic section names. libpq (with
// TLS, Kerberos and LDAP behind it) and cairo (with X11 and the font libraries) are opened only by the
// commands that reach a server or paint a PNG; linked, they cost every command most of its start.
#include <doctest/doctest.h>

#include <elf.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

std::string read_whole(const char* path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The DT_NEEDED names of a 64-bit ELF file: its .dynamic section's entries, their names in the string
// table the section links to.
std::vector<std::string> needed_libraries(const std::string& elf) {
    REQUIRE(elf.size() >= sizeof(Elf64_Ehdr));
    REQUIRE(std::memcmp(elf.data(), ELFMAG, SELFMAG) == 0);
    REQUIRE(elf[EI_CLASS] == ELFCLASS64);
    Elf64_Ehdr header;
    std::memcpy(&header, elf.data(), sizeof header);
    const auto section = [&](std::size_t i) {
        Elf64_Shdr s;
        REQUIRE(header.e_shoff + (i + 1) * sizeof s <= elf.size());
        std::memcpy(&s, elf.data() + header.e_shoff + i * sizeof s, sizeof s);
        return s;
    };
    std::vector<std::string> out;
    for (std::size_t i = 0; i < header.e_shnum; ++i) {
        const Elf64_Shdr dynamic = section(i);
        if (dynamic.sh_type != SHT_DYNAMIC) continue;
        const Elf64_Shdr strings = section(dynamic.sh_link);
        for (std::size_t at = dynamic.sh_offset; at + sizeof(Elf64_Dyn) <= dynamic.sh_offset + dynamic.sh_size;
             at += sizeof(Elf64_Dyn)) {
            Elf64_Dyn entry;
            std::memcpy(&entry, elf.data() + at, sizeof entry);
            if (entry.d_tag == DT_NULL) break;
            if (entry.d_tag == DT_NEEDED) out.emplace_back(elf.data() + strings.sh_offset + entry.d_un.d_val);
        }
    }
    return out;
}

bool names(const std::vector<std::string>& needed, const std::string& prefix) {
    for (const auto& n : needed)
        if (n.rfind(prefix, 0) == 0) return true;
    return false;
}

}  // namespace

TEST_CASE("tictactrace links neither libpq nor cairo: a command on a file loads only what it uses") {
    const std::vector<std::string> needed = needed_libraries(read_whole(TTT_PROGRAM));
    INFO("the program names: " << [&] {
        std::string all;
        for (const auto& n : needed) all += n + " ";
        return all;
    }());
    CHECK(names(needed, "libsqlite3.so"));  // the reading of its dynamic section found what is there
    CHECK(names(needed, "libc.so"));
    CHECK_FALSE(names(needed, "libpq.so"));
    CHECK_FALSE(names(needed, "libcairo.so"));
    CHECK_FALSE(names(needed, "libX11.so"));
    CHECK_FALSE(names(needed, "libgnutls.so"));
    CHECK_FALSE(names(needed, "libssl.so"));
}
