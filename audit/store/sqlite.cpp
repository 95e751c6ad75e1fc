#include "audit/store/sqlite.h"

#include "model/result.h"

#include <sqlite3.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>

namespace kg::audit::store {

namespace {

class SqliteDb;

/// `path` as an SQLite URI ("file:...?immutable=1"): '%', '?' and '#' must be escaped.
std::string immutable_uri(const std::string& path) {
    std::string uri = "file:";
    for (char ch : path) {
        if (ch == '%' || ch == '?' || ch == '#') {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", static_cast<unsigned char>(ch));
            uri += buf;
        } else {
            uri += ch;
        }
    }
    return uri + "?immutable=1";
}

/// Whether the read-only connection can read the schema. A WAL store in a directory the user
/// cannot write (and without its -shm file) cannot be opened normally: SQLite would have to
/// create the shared-memory file.
bool readable(sqlite3* db) {
    return sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr) == SQLITE_OK;
}

/// Whether a killed writer left a rollback journal or a write-ahead log with content.
bool pending_log(const std::string& path) {
    struct stat st{};
    for (const char* suffix : {"-journal", "-wal"})
        if (::stat((path + suffix).c_str(), &st) == 0 && st.st_size > 0) return true;
    return false;
}

/// Replays what a killed writer left (rolls back a hot journal, recovers the WAL) by opening the
/// store read-write once, when this user may write it; the committed content does not change.
bool recover(const std::string& path) {
    const auto slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
    if (::access(path.c_str(), W_OK) != 0 || ::access(dir.c_str(), W_OK) != 0) return false;
    sqlite3* db = nullptr;
    bool ok = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) == SQLITE_OK;
    if (ok) {
        sqlite3_busy_timeout(db, 5000);
        ok = readable(db);
    }
    sqlite3_close(db);
    return ok;
}

class SqliteStmt final : public StmtImpl {
public:
    SqliteStmt(SqliteDb& db, std::string_view sql);
    ~SqliteStmt() override { sqlite3_finalize(m_stmt); }
    SqliteStmt(const SqliteStmt&) = delete;
    SqliteStmt& operator=(const SqliteStmt&) = delete;

    void bind_text(int i, std::string_view text) override {
        if (sqlite3_bind_text(m_stmt, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT) != SQLITE_OK)
            fail("bind");
    }
    void bind_text_stable(int i, std::string_view text) override {
        if (sqlite3_bind_text(m_stmt, i, text.data(), static_cast<int>(text.size()), SQLITE_STATIC) != SQLITE_OK)
            fail("bind");
    }
    void bind_int(int i, std::int64_t value) override {
        if (sqlite3_bind_int64(m_stmt, i, value) != SQLITE_OK) fail("bind");
    }
    void bind_null(int i) override {
        if (sqlite3_bind_null(m_stmt, i) != SQLITE_OK) fail("bind");
    }
    bool step() override {
        const int rc = sqlite3_step(m_stmt);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        fail("step");
    }
    int changes() const override { return sqlite3_changes(sqlite3_db_handle(m_stmt)); }
    void reset() override {
        sqlite3_reset(m_stmt);
        sqlite3_clear_bindings(m_stmt);
    }
    int columns() const override { return sqlite3_column_count(m_stmt); }
    int type(int col) const override { return sqlite3_column_type(m_stmt, col); }
    std::int64_t int64(int col) const override { return sqlite3_column_int64(m_stmt, col); }
    std::string_view text_view(int col) const override {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, col));
        return p ? std::string_view(p, static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, col)))
                 : std::string_view();
    }
    const char* column_name(int col) const override { return sqlite3_column_name(m_stmt, col); }

private:
    [[noreturn]] void fail(std::string_view what) const;

    SqliteDb& m_db;
    sqlite3_stmt* m_stmt = nullptr;
};

class SqliteDb final : public DbImpl {
public:
    SqliteDb(const std::string& path, bool read_only);
    ~SqliteDb() override { sqlite3_close_v2(m_db); }
    SqliteDb(const SqliteDb&) = delete;
    SqliteDb& operator=(const SqliteDb&) = delete;

    std::unique_ptr<StmtImpl> prepare(std::string_view sql) override {
        return std::make_unique<SqliteStmt>(*this, sql);
    }
    void exec(std::string_view sql) override {
        char* err = nullptr;
        if (sqlite3_exec(m_db, std::string(sql).c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
            std::string msg = err ? err : "unknown error";
            sqlite3_free(err);
            throw model::Fatal("evidence store " + m_path + ": " + msg);
        }
    }
    void begin() override { exec("BEGIN IMMEDIATE"); }
    void lock_transaction(std::int64_t) override {}  // BEGIN IMMEDIATE holds the one write lock
    bool lock_session(std::int64_t, bool) override { return true; }  // EvidenceStore flock()s the file
    Dialect dialect() const override { return Dialect::sqlite; }
    const std::string& name() const override { return m_path; }
    bool immutable() const override { return m_immutable; }

    [[noreturn]] void fail(std::string_view what) const {
        throw model::Fatal("evidence store " + m_path + ": " + std::string(what) + ": " + sqlite3_errmsg(m_db));
    }
    sqlite3* handle() const { return m_db; }

private:
    sqlite3* m_db = nullptr;
    bool m_immutable = false;
    std::string m_path;
};

SqliteDb::SqliteDb(const std::string& path, bool read_only) : m_path(path) {
    const int flags = read_only ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    int rc = sqlite3_open_v2(path.c_str(), &m_db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc == SQLITE_OK && read_only && !readable(m_db) && pending_log(path) && recover(path)) {
        // A writer killed mid-transaction left a hot journal or an unrecovered WAL, which a
        // read-only connection may not replay; recover() did what any read-write open does.
        sqlite3_close(m_db);
        m_db = nullptr;
        rc = sqlite3_open_v2(path.c_str(), &m_db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    }
    if (rc == SQLITE_OK && read_only && !readable(m_db)) {
        // Nobody can be writing a store whose directory is read-only to us, so reading it as an
        // immutable file is safe, unless a killed writer left a hot journal or a WAL with
        // commits: the main file alone is then not the store (it may hold half a checkpoint).
        if (pending_log(path)) {
            const std::string msg = sqlite3_errmsg(m_db);
            sqlite3_close(m_db);
            m_db = nullptr;
            throw model::Fatal("cannot open evidence store " + path + " read-only: " + msg +
                               "; a writer stopped mid-transaction and left " + path +
                               "-journal or -wal: open it once as a user who can write its directory (any "
                               "kueuegov audit ingest --db " + path + " does), then read it");
        }
        sqlite3_close(m_db);
        m_db = nullptr;
        rc = sqlite3_open_v2(immutable_uri(path).c_str(), &m_db,
                             SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr);
        m_immutable = true;
    }
    if (rc != SQLITE_OK) {
        std::string msg = m_db ? sqlite3_errmsg(m_db) : "out of memory";
        sqlite3_close(m_db);
        m_db = nullptr;
        throw model::Fatal("cannot open evidence store " + path + ": " + msg);
    }
    sqlite3_busy_timeout(m_db, read_only ? 5000 : 60000);
    sqlite3_extended_result_codes(m_db, 1);
}

SqliteStmt::SqliteStmt(SqliteDb& db, std::string_view sql) : m_db(db) {
    if (sqlite3_prepare_v3(db.handle(), sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &m_stmt,
                           nullptr) != SQLITE_OK)
        db.fail("cannot prepare `" + std::string(sql.substr(0, 60)) + "`");
}

void SqliteStmt::fail(std::string_view what) const { m_db.fail(what); }

}  // namespace

std::unique_ptr<DbImpl> open_sqlite(const std::string& path, bool read_only) {
    return std::make_unique<SqliteDb>(path, read_only);
}

}  // namespace kg::audit::store
