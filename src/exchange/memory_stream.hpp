// A read-only std::streambuf over bytes already in memory, so cereal reads a file without a copy and a
// reader can tell how far it got.
#pragma once

#include <cstddef>
#include <streambuf>
#include <string_view>

namespace ttt::exchange::detail {

class MemoryStreambuf : public std::streambuf {
public:
    explicit MemoryStreambuf(std::string_view bytes) {
        // std::streambuf's get area is char*, but nothing here ever writes through it.
        char* begin = const_cast<char*>(bytes.data());
        setg(begin, begin, begin + bytes.size());
    }

    [[nodiscard]] std::size_t position() const noexcept { return static_cast<std::size_t>(gptr() - eback()); }
    [[nodiscard]] std::size_t remaining() const noexcept {
        return static_cast<std::size_t>(egptr() - gptr());
    }
    [[nodiscard]] bool at_end() const noexcept { return gptr() == egptr(); }

protected:
    pos_type seekoff(off_type offset, std::ios_base::seekdir dir, std::ios_base::openmode which) override {
        if (!(which & std::ios_base::in)) return pos_type(off_type(-1));
        const off_type size = egptr() - eback();
        off_type target = offset;
        if (dir == std::ios_base::cur)
            target += gptr() - eback();
        else if (dir == std::ios_base::end)
            target += size;
        if (target < 0 || target > size) return pos_type(off_type(-1));
        setg(eback(), eback() + target, egptr());
        return pos_type(target);
    }

    pos_type seekpos(pos_type pos, std::ios_base::openmode which) override {
        return seekoff(off_type(pos), std::ios_base::beg, which);
    }
};

}  // namespace ttt::exchange::detail
