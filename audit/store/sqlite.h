// A thin RAII layer over the SQLite C API: a connection, prepared statements with
// typed binds and reads, and a transaction guard. The only place (with the other
// files of audit/store/) that includes sqlite3.h; errors become model::Fatal with
// the database path and SQLite's own message.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace kg::audit::store {

class Db;

/// One prepared statement. Bind indexes are 1-based (as in SQLite); reads are 0-based.
class Stmt {
public:
    Stmt() = default;
    Stmt(Db& db, std::string_view sql);
    Stmt(Stmt&& o) noexcept;
    Stmt& operator=(Stmt&& o) noexcept;
    Stmt(const Stmt&) = delete;
    Stmt& operator=(const Stmt&) = delete;
    ~Stmt();

    Stmt& bind(int i, std::string_view text);
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
    /// SQLite's storage class of the column in the current row: 1 int, 2 float, 3 text, 4 blob, 5 null.
    int type(int col) const;
    std::int64_t int64(int col) const;
    std::string text(int col) const;
    std::string_view text_view(int col) const;
    const char* column_name(int col) const;

private:
    Db* m_db = nullptr;
    sqlite3_stmt* m_stmt = nullptr;
};

class Db {
public:
    enum class Mode { read_write_create, read_only };

    /// Opens (or creates) the database; throws model::Fatal naming `path` when it cannot.
    Db(const std::string& path, Mode mode);
    Db(const Db&) = delete;
    Db& operator=(const Db&) = delete;
    ~Db();

    void exec(std::string_view sql);
    std::int64_t last_insert_rowid() const;
    const std::string& path() const { return m_path; }
    [[noreturn]] void fail(std::string_view what) const;
    sqlite3* handle() const { return m_db; }
    /// True when a read-only open fell back to SQLite's immutable mode (read-only directory).
    bool immutable() const { return m_immutable; }

private:
    sqlite3* m_db = nullptr;
    bool m_immutable = false;
    std::string m_path;
};

/// BEGIN IMMEDIATE on construction; ROLLBACK unless commit() was called.
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
