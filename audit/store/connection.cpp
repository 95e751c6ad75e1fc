// The store's connection interface: Db chooses the door from the target, Stmt and
// Transaction forward to it (audit/store/connection.h).
#include "audit/store/connection.h"

#include "audit/store/postgres.h"
#include "audit/store/sqlite.h"

namespace kg::audit::store {

bool is_server_url(std::string_view target) {
    return target.starts_with("postgresql://") || target.starts_with("postgres://");
}

std::string display_target(const std::string& target) {
    return is_server_url(target) ? redact_url(target) : target;
}

Db::Db(const std::string& target, Mode mode)
    : m_impl(is_server_url(target) ? open_postgres(target, mode == Mode::read_only)
                                   : open_sqlite(target, mode == Mode::read_only)) {}

Db::~Db() = default;

void Db::exec(std::string_view sql) { m_impl->exec(sql); }

Stmt::Stmt(Db& db, std::string_view sql) : m_impl(db.impl().prepare(sql)) {}

Stmt::~Stmt() = default;

Stmt& Stmt::bind(int i, std::string_view text) {
    m_impl->bind_text(i, text);
    return *this;
}

Stmt& Stmt::bind_stable(int i, std::string_view text) {
    m_impl->bind_text_stable(i, text);
    return *this;
}

Stmt& Stmt::bind(int i, std::int64_t value) {
    m_impl->bind_int(i, value);
    return *this;
}

Stmt& Stmt::bind_null(int i) {
    m_impl->bind_null(i);
    return *this;
}

Stmt& Stmt::bind_opt(int i, const std::optional<std::string>& text) {
    return text ? bind(i, std::string_view(*text)) : bind_null(i);
}

Stmt& Stmt::bind_opt(int i, const std::optional<std::int64_t>& value) { return value ? bind(i, *value) : bind_null(i); }

Stmt& Stmt::bind_opt(int i, const std::optional<bool>& value) {
    return value ? bind(i, std::int64_t{*value ? 1 : 0}) : bind_null(i);
}

Stmt& Stmt::bind_nonempty(int i, const std::string& text) {
    return text.empty() ? bind_null(i) : bind(i, std::string_view(text));
}

bool Stmt::step() { return m_impl->step(); }

int Stmt::exec() {
    while (step()) {
    }
    const int n = m_impl->changes();
    reset();
    return n;
}

void Stmt::reset() { m_impl->reset(); }
int Stmt::columns() const { return m_impl->columns(); }
bool Stmt::is_null(int col) const { return m_impl->type(col) == col_null; }
int Stmt::type(int col) const { return m_impl->type(col); }
std::int64_t Stmt::int64(int col) const { return m_impl->int64(col); }
std::string Stmt::text(int col) const { return std::string(m_impl->text_view(col)); }
std::string_view Stmt::text_view(int col) const { return m_impl->text_view(col); }
const char* Stmt::column_name(int col) const { return m_impl->column_name(col); }

Transaction::Transaction(Db& db) : m_db(db) { m_db.begin(); }

Transaction::~Transaction() {
    if (!m_done) {
        try {
            m_db.exec("ROLLBACK");
        } catch (...) {  // a failed rollback during unwinding must not terminate; the server rolls back on close
        }
    }
}

void Transaction::commit() {
    m_db.exec("COMMIT");
    m_done = true;
}

}  // namespace kg::audit::store
