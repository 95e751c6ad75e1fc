// The evidence store's one interface to a SQL database. A connection (Db) runs statements
// (Stmt) with 1-based positional parameters (`?N` or `?`) and 0-based typed column reads,
// inside transactions (Transaction). Two doors implement it, each the only user of its
// client library: sqlite.cpp (sqlite3.h) and postgres.cpp (libpq-fe.h). Db picks the door
// from the target: a postgresql:// or postgres:// URL opens PostgreSQL, anything else is the
// path of an SQLite file. The SQL the store runs is written once for both; where the dialects
// differ (DDL types, the catalog, locks) the difference lives in dialect.cpp.
#pragma once

#include "model/result.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace kg::audit::store {

enum class Dialect { sqlite, postgres };

/// The store's server could not be reached or refused the session (connection refused, no such
/// socket, authentication failed, the server shut down): unlike other errors, retrying later may
/// succeed, so the CLI exits with its own code (3, man/kueuegov.1).
class Unavailable : public model::Fatal {
public:
    using model::Fatal::Fatal;
};

/// True for a postgresql:// or postgres:// connection URL (the PostgreSQL door).
bool is_server_url(std::string_view target);

/// `target` for messages and reports: an SQLite path as given, a URL without its password.
std::string display_target(const std::string& target);

/// A column value's storage class in SQLite's numbering (the hash chain feeds it, so both
/// doors must agree: PostgreSQL maps its integer types to integer, text-like ones to text).
enum ColumnType : int { col_integer = 1, col_float = 2, col_text = 3, col_blob = 4, col_null = 5 };

/// One door's prepared statement (see Stmt for the contract).
class StmtImpl {
public:
    virtual ~StmtImpl() = default;
    virtual void bind_text(int i, std::string_view text) = 0;
    /// Binds text the caller keeps unchanged until the statement's next reset(): a backend may
    /// read it in place instead of copying it (SQLite's SQLITE_STATIC).
    virtual void bind_text_stable(int i, std::string_view text) { bind_text(i, text); }
    virtual void bind_int(int i, std::int64_t value) = 0;
    virtual void bind_null(int i) = 0;
    virtual bool step() = 0;
    /// Rows inserted, updated or deleted by the statement just stepped to completion.
    virtual int changes() const = 0;
    virtual void reset() = 0;
    virtual int columns() const = 0;
    virtual int type(int col) const = 0;
    virtual std::int64_t int64(int col) const = 0;
    virtual std::string_view text_view(int col) const = 0;
    virtual const char* column_name(int col) const = 0;
};

/// One door's connection.
class DbImpl {
public:
    virtual ~DbImpl() = default;
    virtual std::unique_ptr<StmtImpl> prepare(std::string_view sql) = 0;
    virtual void exec(std::string_view sql) = 0;
    /// Starts a write transaction (SQLite: BEGIN IMMEDIATE, which already excludes other writers).
    virtual void begin() = 0;
    /// Inside a transaction: waits for, then holds until its end, the lock named `key` (PostgreSQL
    /// advisory lock; SQLite's BEGIN IMMEDIATE already serialises writers, so nothing to do).
    virtual void lock_transaction(std::int64_t key) = 0;
    /// For the connection's lifetime: true when the lock named `key` was taken, false when another
    /// session holds it (then `wait` says whether to block until it is free).
    virtual bool lock_session(std::int64_t key, bool wait) = 0;
    /// Releases a lock lock_session took (SQLite: nothing was taken).
    virtual void unlock_session(std::int64_t) {}
    virtual Dialect dialect() const = 0;
    /// The store's name for messages: the SQLite path, or the URL without its password.
    virtual const std::string& name() const = 0;
    virtual bool immutable() const { return false; }
};

class Db;

/// One prepared statement. Bind indexes are 1-based (as in SQLite); reads are 0-based.
class Stmt {
public:
    Stmt() = default;
    Stmt(Db& db, std::string_view sql);
    Stmt(Stmt&& o) noexcept = default;
    Stmt& operator=(Stmt&& o) noexcept = default;
    Stmt(const Stmt&) = delete;
    Stmt& operator=(const Stmt&) = delete;
    ~Stmt();

    Stmt& bind(int i, std::string_view text);
    /// Binds text that stays unchanged, at the same address, until reset() (or exec(), which
    /// resets): not copied. For rows buffered in memory while a multi-row INSERT runs.
    Stmt& bind_stable(int i, std::string_view text);
    Stmt& bind(int i, std::int64_t value);
    Stmt& bind_null(int i);
    /// Binds NULL for nullopt, else the text.
    Stmt& bind_opt(int i, const std::optional<std::string>& text);
    Stmt& bind_opt(int i, const std::optional<std::int64_t>& value);
    /// Binds NULL for nullopt, else 1 or 0.
    Stmt& bind_opt(int i, const std::optional<bool>& value);
    /// Binds NULL for an empty text (evidence rows keep "absent" as NULL, not "").
    Stmt& bind_nonempty(int i, const std::string& text);

    /// Steps once: true while a row is available, false when done.
    bool step();
    /// Steps to completion (for INSERT/UPDATE); returns the number of rows changed.
    int exec();
    void reset();

    int columns() const;
    bool is_null(int col) const;
    /// The column's storage class in the current row (ColumnType: 1 int, 2 float, 3 text, 4 blob, 5 null).
    int type(int col) const;
    std::int64_t int64(int col) const;
    std::string text(int col) const;
    std::string_view text_view(int col) const;
    const char* column_name(int col) const;

private:
    std::unique_ptr<StmtImpl> m_impl;
};

class Db {
public:
    enum class Mode { read_write_create, read_only };

    /// Opens `target` (an SQLite path, created when read_write_create, or a PostgreSQL URL);
    /// throws model::Fatal naming it (never with a password) and what failed when it cannot.
    Db(const std::string& target, Mode mode);
    Db(const Db&) = delete;
    Db& operator=(const Db&) = delete;
    ~Db();

    /// Runs one or more statements without results.
    void exec(std::string_view sql);
    void begin() { m_impl->begin(); }
    void lock_transaction(std::int64_t key) { m_impl->lock_transaction(key); }
    bool lock_session(std::int64_t key, bool wait) { return m_impl->lock_session(key, wait); }
    void unlock_session(std::int64_t key) { m_impl->unlock_session(key); }
    /// The store's name for messages (path, or URL without password).
    const std::string& path() const { return m_impl->name(); }
    Dialect dialect() const { return m_impl->dialect(); }
    /// True when a read-only SQLite open fell back to SQLite's immutable mode (read-only directory).
    bool immutable() const { return m_impl->immutable(); }
    DbImpl& impl() { return *m_impl; }

private:
    std::unique_ptr<DbImpl> m_impl;
};

/// Starts a write transaction on construction; rolls back unless commit() was called.
class Transaction {
public:
    explicit Transaction(Db& db);
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    ~Transaction();
    void commit();

private:
    Db& m_db;
    bool m_done = false;
};

}  // namespace kg::audit::store
