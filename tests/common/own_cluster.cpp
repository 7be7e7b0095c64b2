// Starting, killing, restarting and removing a test's own PostgreSQL cluster with pg_cluster.sh.
#include "own_cluster.hpp"

#include "child_process.hpp"
#include "pg_test_db.hpp"

#include <deque>
#include <fstream>
#include <stdexcept>

namespace ttt::testing {

OwnCluster::OwnCluster(std::filesystem::path script, std::filesystem::path dir)
    : m_script(std::move(script)), m_dir(std::move(dir)) {
    run_script("start");
    std::ifstream in(m_dir / "admin_uri");
    std::getline(in, m_admin_uri);
    if (m_admin_uri.empty())
        throw std::runtime_error("pg_cluster.sh start wrote no " + (m_dir / "admin_uri").string());
}

OwnCluster::~OwnCluster() {
    try {
        run_script("stop");
    } catch (const std::runtime_error&) {
        // A destructor cannot fail the test; a folder left behind is removed by the next start.
    }
}

std::string OwnCluster::fresh_database(std::string_view purpose) const {
    return fresh_database_on(m_admin_uri, purpose);
}

void OwnCluster::kill() {
    run_script("kill");
}

void OwnCluster::restart() {
    run_script("restart");
}

std::string OwnCluster::log_tail() const {
    std::ifstream in(m_dir / "server.log");
    std::deque<std::string> last;
    for (std::string line; std::getline(in, line);) {
        last.push_back(line);
        if (last.size() > 20) last.pop_front();
    }
    std::string out;
    for (const auto& line : last) out += line + "\n";
    return out;
}

void OwnCluster::run_script(const std::string& command) const {
    ChildOptions o;
    o.argv = {"/bin/bash", m_script.string(), command, m_dir.string()};
    o.in = Stream::null();
    const Finished done = run_to_end(std::move(o));
    if (done.status != 0)
        throw std::runtime_error("pg_cluster.sh " + command + " " + m_dir.string() + " failed (status " +
                                 std::to_string(done.status) + "): " + done.err + done.out);
}

}  // namespace ttt::testing
