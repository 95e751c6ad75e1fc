// The PostgreSQL door (audit/store/postgres.h). Each statement text is prepared once per
// connection (libpq's named prepared statements) and described, so column names and types
// are known before the first row; results arrive whole (the store's queries interleave
// statements on one connection, which libpq's single-row mode would not allow).
#include "audit/store/postgres.h"

#include "model/result.h"

#include <libpq-fe.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <vector>

namespace kg::audit::store {

namespace {

// Type OIDs from PostgreSQL's pg_type.dat (stable across releases).
constexpr Oid k_int8 = 20, k_int2 = 21, k_int4 = 23, k_oid = 26, k_float4 = 700, k_float8 = 701, k_bytea = 17;

/// libpq's multi-line messages on one line (tabs and newlines become "; ").
std::string one_line(const char* msg) {
    std::string out;
    for (const char* p = msg; p && *p; ++p) {
        if (*p == '\n' || *p == '\t') {
            if (!out.empty() && out.back() != ' ') out += "; ";
        } else {
            out += *p;
        }
    }
    while (!out.empty() && (out.back() == ' ' || out.back() == ';')) out.pop_back();
    return out;
}

struct Prepared {
    std::string name;
    PGresult* desc = nullptr;  ///< PQdescribePrepared: parameter count, column names and types
};

class PgDb final : public DbImpl {
public:
    PgDb(const std::string& url, bool read_only);
    ~PgDb() override {
        for (auto& [sql, p] : m_prepared) PQclear(p.desc);
        PQfinish(m_conn);
    }
    PgDb(const PgDb&) = delete;
    PgDb& operator=(const PgDb&) = delete;

    std::unique_ptr<StmtImpl> prepare(std::string_view sql) override;
    void exec(std::string_view sql) override {
        PGresult* r = PQexec(m_conn, std::string(sql).c_str());
        check(r, sql);
        PQclear(r);
    }
    void begin() override { exec("BEGIN"); }
    void lock_transaction(std::int64_t key) override {
        exec("SELECT pg_advisory_xact_lock(" + std::to_string(key) + ")");
    }
    bool lock_session(std::int64_t key, bool wait) override {
        const std::string sql = wait ? "SELECT pg_advisory_lock(" + std::to_string(key) + ")"
                                     : "SELECT pg_try_advisory_lock(" + std::to_string(key) + ")::int";
        PGresult* r = PQexec(m_conn, sql.c_str());
        check(r, sql);
        const bool got = wait || std::string_view(PQgetvalue(r, 0, 0)) == "1";
        PQclear(r);
        return got;
    }
    void unlock_session(std::int64_t key) override {
        exec("SELECT pg_advisory_unlock(" + std::to_string(key) + ")");
    }
    Dialect dialect() const override { return Dialect::postgres; }
    const std::string& name() const override { return m_name; }

    /// Throws unless `r` succeeded (then the caller owns `r`); frees `r` when throwing.
    void check(PGresult* r, std::string_view what) const {
        const ExecStatusType st = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
        if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) return;
        std::string msg = one_line(r ? PQresultErrorMessage(r) : PQerrorMessage(m_conn));
        if (msg.empty()) msg = one_line(PQerrorMessage(m_conn));
        PQclear(r);
        const std::string text = "evidence store " + m_name + ": " + msg + " (in `" +
                                 std::string(what.substr(0, 80)) + (what.size() > 80 ? "…" : "") + "`)";
        if (PQstatus(m_conn) != CONNECTION_OK) throw Unavailable(text);
        throw model::Fatal(text);
    }
    PGconn* conn() const { return m_conn; }

private:
    PGconn* m_conn = nullptr;
    std::string m_name;
    std::map<std::string, Prepared, std::less<>> m_prepared;
};

class PgStmt final : public StmtImpl {
public:
    PgStmt(PgDb& db, const Prepared& p) : m_db(db), m_p(p), m_params(static_cast<std::size_t>(PQnparams(p.desc))) {}
    ~PgStmt() override { PQclear(m_res); }
    PgStmt(const PgStmt&) = delete;
    PgStmt& operator=(const PgStmt&) = delete;

    void bind_text(int i, std::string_view text) override { slot(i) = std::string(text); }
    void bind_int(int i, std::int64_t value) override { slot(i) = std::to_string(value); }
    void bind_null(int i) override { slot(i).reset(); }
    bool step() override {
        if (!m_res) run();
        return ++m_row < PQntuples(m_res);
    }
    int changes() const override { return m_changes; }
    void reset() override {
        PQclear(m_res);
        m_res = nullptr;
        m_row = -1;
        for (auto& p : m_params) p.reset();
    }
    int columns() const override { return PQnfields(m_p.desc); }
    int type(int col) const override {
        if (!m_res || m_row < 0 || PQgetisnull(m_res, m_row, col)) return col_null;
        switch (PQftype(m_p.desc, col)) {
            case k_int8: case k_int2: case k_int4: case k_oid: return col_integer;
            case k_float4: case k_float8: return col_float;
            case k_bytea: return col_blob;
            default: return col_text;
        }
    }
    std::int64_t int64(int col) const override {
        if (type(col) == col_null) return 0;
        return std::strtoll(PQgetvalue(m_res, m_row, col), nullptr, 10);
    }
    std::string_view text_view(int col) const override {
        if (type(col) == col_null) return {};
        return {PQgetvalue(m_res, m_row, col), static_cast<std::size_t>(PQgetlength(m_res, m_row, col))};
    }
    const char* column_name(int col) const override { return PQfname(m_p.desc, col); }

private:
    std::optional<std::string>& slot(int i) {
        if (i < 1 || static_cast<std::size_t>(i) > m_params.size())
            throw model::Fatal("evidence store " + m_db.name() + ": parameter " + std::to_string(i) +
                               " out of range (statement has " + std::to_string(m_params.size()) + ")");
        return m_params[static_cast<std::size_t>(i - 1)];
    }
    void run() {
        std::vector<const char*> values;
        values.reserve(m_params.size());
        for (const auto& p : m_params) values.push_back(p ? p->c_str() : nullptr);
        PGresult* r = PQexecPrepared(m_db.conn(), m_p.name.c_str(), static_cast<int>(values.size()), values.data(),
                                     nullptr, nullptr, 0);
        m_db.check(r, m_p.name);
        m_res = r;
        m_row = -1;
        const char* n = PQcmdTuples(r);
        m_changes = n && *n ? std::atoi(n) : 0;
    }

    PgDb& m_db;
    const Prepared& m_p;
    std::vector<std::optional<std::string>> m_params;
    PGresult* m_res = nullptr;
    int m_row = -1;
    int m_changes = 0;
};

PgDb::PgDb(const std::string& url, bool read_only) : m_name(redact_url(url)) {
    char* err = nullptr;
    PQconninfoOption* opts = PQconninfoParse(url.c_str(), &err);
    if (!opts) {
        std::string msg = err ? one_line(err) : "out of memory";
        PQfreemem(err);
        throw model::Fatal("cannot open evidence store " + m_name + ": invalid connection URL: " + msg);
    }
    PQconninfoFree(opts);
    m_conn = PQconnectdb(url.c_str());
    if (PQstatus(m_conn) != CONNECTION_OK) {
        // libpq names the host or socket it tried and why it failed; it never prints the password.
        std::string msg = one_line(PQerrorMessage(m_conn));
        PQfinish(m_conn);
        m_conn = nullptr;
        // libpq checks option values ("invalid integer value ... for connection option \"port\"")
        // before it tries a server: that is a bad URL (a usage error), not an unreachable server.
        if (msg.starts_with("invalid "))
            throw model::Fatal("cannot open evidence store " + m_name + ": invalid connection URL: " + msg);
        throw Unavailable("cannot connect to evidence store " + m_name + ": " + msg);
    }
    // NOTICEs ("relation already exists, skipping") are not the user's business; a read-only
    // session cannot write even by mistake; UTC keeps any server-side time text stable.
    exec(std::string("SET client_min_messages = warning; SET TIME ZONE 'UTC'; SET application_name = 'kueuegov'") +
         (read_only ? "; SET default_transaction_read_only = on" : ""));
}

std::unique_ptr<StmtImpl> PgDb::prepare(std::string_view sql) {
    auto it = m_prepared.find(sql);
    if (it == m_prepared.end()) {
        Prepared p;
        p.name = "kg" + std::to_string(m_prepared.size() + 1);
        std::vector<bool> referenced;
        const std::string pg = postgres_parameters(sql, &referenced);
        // A number the text skips (the cluster scope is always ?20) has no use PostgreSQL could
        // infer a type from: declare those as text; the server infers the others.
        constexpr Oid k_text_oid = 25;
        std::vector<Oid> types(referenced.size(), 0);
        for (std::size_t i = 0; i < referenced.size(); ++i) {
            if (!referenced[i]) types[i] = k_text_oid;
        }
        PGresult* prep = PQprepare(m_conn, p.name.c_str(), pg.c_str(), static_cast<int>(types.size()),
                                   types.empty() ? nullptr : types.data());
        check(prep, sql);
        PQclear(prep);
        PGresult* desc = PQdescribePrepared(m_conn, p.name.c_str());
        check(desc, sql);
        p.desc = desc;
        it = m_prepared.emplace(std::string(sql), std::move(p)).first;
    }
    return std::make_unique<PgStmt>(*this, it->second);
}

}  // namespace

std::unique_ptr<DbImpl> open_postgres(const std::string& url, bool read_only) {
    return std::make_unique<PgDb>(url, read_only);
}

std::string postgres_parameters(std::string_view sql, std::vector<bool>* referenced) {
    auto mark = [&](int n) {
        if (!referenced || n < 1) return;
        if (referenced->size() < static_cast<std::size_t>(n)) referenced->resize(static_cast<std::size_t>(n), false);
        (*referenced)[static_cast<std::size_t>(n - 1)] = true;
    };
    std::string out;
    out.reserve(sql.size() + 16);
    int next = 0;
    char quote = 0;
    for (std::size_t i = 0; i < sql.size(); ++i) {
        const char c = sql[i];
        if (quote) {
            out += c;
            if (c == quote) quote = 0;
            continue;
        }
        if (c == '\'' || c == '"') {
            quote = c;
            out += c;
            continue;
        }
        if (c != '?') {
            out += c;
            continue;
        }
        std::size_t j = i + 1;
        while (j < sql.size() && sql[j] >= '0' && sql[j] <= '9') ++j;
        if (j > i + 1) {
            const int n = std::atoi(std::string(sql.substr(i + 1, j - i - 1)).c_str());
            next = std::max(next, n);
            mark(n);
            out += '$';
            out.append(sql.substr(i + 1, j - i - 1));
            i = j - 1;
        } else {
            out += '$' + std::to_string(++next);
            mark(next);
        }
    }
    return out;
}

std::string redact_url(const std::string& url) {
    std::string out = url;
    // user:PASSWORD@ in the authority part.
    const auto scheme = out.find("://");
    if (scheme != std::string::npos) {
        const auto auth_start = scheme + 3;
        const auto auth_end = out.find_first_of("/?", auth_start);
        const auto at = out.rfind('@', auth_end == std::string::npos ? out.size() : auth_end);
        if (at != std::string::npos && at >= auth_start) {
            const auto colon = out.find(':', auth_start);
            if (colon != std::string::npos && colon < at) out.replace(colon + 1, at - colon - 1, "***");
        }
    }
    // password=... in the query string.
    for (std::size_t p = out.find("password="); p != std::string::npos; p = out.find("password=", p + 1)) {
        if (p > 0 && out[p - 1] != '?' && out[p - 1] != '&') continue;
        const auto v = p + 9;
        const auto end = out.find('&', v);
        out.replace(v, (end == std::string::npos ? out.size() : end) - v, "***");
    }
    return out;
}

}  // namespace kg::audit::store
