// What both back ends of the store's connection share.
#include "log_db.hpp"

namespace ttt::store::detail {

Query& LogDb::cached(std::string_view sql) {
    auto it = m_cache.find(sql);
    if (it == m_cache.end()) it = m_cache.emplace(std::string(sql), prepare(sql)).first;
    return *it->second;
}

Query& LogDb::cached_streaming(std::string_view sql) {
    auto it = m_cache.find(sql);
    if (it == m_cache.end()) it = m_cache.emplace(std::string(sql), prepare_streaming(sql)).first;
    return *it->second;
}

}  // namespace ttt::store::detail
