// A PostgreSQL cluster of one test's own, through tests/pg/pg_cluster.sh in a folder of the test's own:
// for a test that kills the server and starts it again, which the suite's shared cluster (the CTest
// fixture `postgresql`) must never see. Everything throws std::runtime_error with the script's words and
// the server log's last lines, as tests/common/pg_test_db does: a test without its server fails.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace ttt::testing {

class OwnCluster {
public:
    // `script` is pg_cluster.sh; `dir` an absolute, short folder (the socket's path must fit), which
    // start makes afresh and the destructor removes with the cluster.
    OwnCluster(std::filesystem::path script, std::filesystem::path dir);
    OwnCluster(const OwnCluster&) = delete;
    OwnCluster& operator=(const OwnCluster&) = delete;
    ~OwnCluster();  // stops the server and removes the folder, whatever state they are in

    [[nodiscard]] const std::string& admin_uri() const noexcept { return m_admin_uri; }
    // A new, empty database on this cluster, its URI for the admin role.
    [[nodiscard]] std::string fresh_database(std::string_view purpose) const;

    // SIGKILL to the postmaster, as a crash or the power going would end it; returns once no process of
    // the cluster is left.
    void kill();
    // The server started again on the same data (crash recovery after kill); returns once it answers.
    void restart();
    // The last lines of the server's log, for a failure's message.
    [[nodiscard]] std::string log_tail() const;

private:
    void run_script(const std::string& command) const;

    std::filesystem::path m_script;
    std::filesystem::path m_dir;
    std::string m_admin_uri;
};

}  // namespace ttt::testing
