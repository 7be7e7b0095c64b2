// A tiny streaming JSON writer.
#include "tictactrace/base/json_writer.hpp"

#include "tictactrace/base/json_string.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>

namespace ttt::base {

void JsonWriter::before_value() {
    if (m_after_key) {
        m_after_key = false;
        return;
    }
    // Outside an object a value needs no key: at the top level or as an array element.
    assert(m_frames.empty() || m_frames.back() == Frame::Array);
    if (!m_frames.empty() && !m_first) m_out += ',';
    m_first = false;
}

JsonWriter& JsonWriter::begin_object() {
    before_value();
    m_out += '{';
    m_frames.push_back(Frame::Object);
    m_first = true;
    return *this;
}

JsonWriter& JsonWriter::end_object() {
    assert(!m_frames.empty() && m_frames.back() == Frame::Object && !m_after_key);
    m_out += '}';
    m_frames.pop_back();
    m_first = false;
    return *this;
}

JsonWriter& JsonWriter::begin_array() {
    before_value();
    m_out += '[';
    m_frames.push_back(Frame::Array);
    m_first = true;
    return *this;
}

JsonWriter& JsonWriter::end_array() {
    assert(!m_frames.empty() && m_frames.back() == Frame::Array);
    m_out += ']';
    m_frames.pop_back();
    m_first = false;
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
    assert(!m_frames.empty() && m_frames.back() == Frame::Object && !m_after_key);
    if (!m_first) m_out += ',';
    m_first = false;
    append_json_string(m_out, name);
    m_out += ':';
    m_after_key = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
    before_value();
    append_json_string(m_out, text);
    return *this;
}

JsonWriter& JsonWriter::value(std::int64_t number) {
    before_value();
    m_out += std::to_string(number);
    return *this;
}

JsonWriter& JsonWriter::value(std::uint64_t number) {
    before_value();
    m_out += std::to_string(number);
    return *this;
}

JsonWriter& JsonWriter::value(bool flag) {
    before_value();
    m_out += flag ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::value(double number, int decimals) {
    if (!std::isfinite(number)) return null();
    before_value();
    char buf[64];
    const int n = std::snprintf(buf, sizeof buf, "%.*f", std::clamp(decimals, 0, 17), number);
    m_out.append(buf, static_cast<std::size_t>(std::clamp(n, 0, static_cast<int>(sizeof buf) - 1)));
    return *this;
}

JsonWriter& JsonWriter::null() {
    before_value();
    m_out += "null";
    return *this;
}

}  // namespace ttt::base
