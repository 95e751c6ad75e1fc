// A throwaway database on the test server (scripts/pg-test-server, KUEUEGOV_TEST_PG_URL) for
// the store tests tagged [.postgres]: created on construction, dropped afterwards. The tests fail,
// never skip, without the server.
#pragma once

#include "audit/store/connection.h"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <string>

namespace kg::audit::test {

inline std::string pg_server_url() {
    const char* u = std::getenv("KUEUEGOV_TEST_PG_URL");
    if (!u || !*u) FAIL("KUEUEGOV_TEST_PG_URL is not set: start scripts/pg-test-server (scripts/test does)");
    return u;
}

/// `url` with its user replaced by `user` (the test server trusts every local user).
inline std::string pg_url_as(const std::string& url, const std::string& user) {
    const auto scheme = url.find("://") + 3;
    const auto at = url.find('@', scheme);
    return url.substr(0, scheme) + user + url.substr(at);
}

struct PgTestDb {
    std::string name, url;
    explicit PgTestDb(const std::string& prefix) {
        static std::atomic<int> n{0};
        name = prefix + "_" + std::to_string(::getpid()) + "_" + std::to_string(n++);
        const std::string server = pg_server_url();
        store::Db admin(server, store::Db::Mode::read_write_create);
        admin.exec("DROP DATABASE IF EXISTS " + name);
        admin.exec("CREATE DATABASE " + name);
        const auto q = server.find('?');
        const std::string head = server.substr(0, q);
        url = head.substr(0, head.rfind('/') + 1) + name + (q == std::string::npos ? "" : server.substr(q));
    }
    ~PgTestDb() {
        try {
            store::Db admin(pg_server_url(), store::Db::Mode::read_write_create);
            admin.exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        } catch (...) {  // a test that failed to connect already reported it
        }
    }
    PgTestDb(const PgTestDb&) = delete;
    PgTestDb& operator=(const PgTestDb&) = delete;
};

}  // namespace kg::audit::test
