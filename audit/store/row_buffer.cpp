// RowBuffer (audit/store/row_buffer.h): buffered evidence rows written with multi-row INSERTs.
// A flush asks which natural keys the cluster holds (chunks of k_probe keys per statement),
// numbers the new rows (SQLite: from MAX(id) + 1; PostgreSQL: the id column's sequence, schema 7)
// and inserts them k_insert_rows at a time: about 60 statements for a 5,000-row batch instead
// of 5,000.
#include "audit/store/row_buffer.h"

#include "audit/store/schema_partitions.h"
#include "model/result.h"

#include <algorithm>
#include <charconv>

namespace kg::audit::store {

namespace {

struct TableSpec {
    const char* name;
    const char* columns;  ///< every column but id, in PendingRow's parameter order
    int params;
};

// Column lists in the order BatchWriter binds them; the parameter counts are checked below.
constexpr TableSpec k_specs[k_table_count] = {
    {"object_versions",
     "batch_id, line, nkey, origin, kind, namespace, name, uid, resource_version, verb, subresource, code, actor, "
     "actor_groups, impersonated, user_agent, time, ts_us, audit_id, level, request_uri, annotations, "
     "body_captured, object_json, request_json, content_hash, cluster",
     27},
    {"jobs",
     "batch_id, line, nkey, origin, kind, api_group, namespace, name, uid, created, created_ts_us, creator, "
     "creator_groups, queue_name, priority_class, kueue_mutated, suspend, code, audit_id, cluster",
     20},
    {"job_label_changes",
     "batch_id, line, nkey, kind, namespace, name, uid, label, old_value, new_value, actor, actor_groups, verb, "
     "code, time, ts_us, audit_id, cluster",
     18},
    {"workload_events",
     "batch_id, line, nkey, origin, namespace, name, uid, step, time, ts_us, actor, reason, message, "
     "preemptor_uid, preemptor_path, cluster_queue, local_queue, priority, audit_id, cluster",
     20},
    {"workload_assignments",
     "batch_id, line, nkey, namespace, name, reserved_ts_us, cluster_queue, podset, count, flavor, resource, "
     "quantity, milli, cluster",
     14},
    {"k8s_events",
     "batch_id, line, nkey, origin, namespace, name, regarding_kind, regarding_namespace, regarding_name, "
     "regarding_uid, type, reason, message, reporting_component, count, time, ts_us, audit_id, cluster",
     19},
    {"namespaces", "batch_id, line, nkey, origin, name, uid, labels, actor, time, ts_us, audit_id, cluster", 12},
};

constexpr int count_columns(const char* s) {
    int n = 1;
    for (; *s; ++s)
        if (*s == ',') ++n;
    return n;
}
static_assert(count_columns(k_specs[0].columns) == k_specs[0].params);
static_assert(count_columns(k_specs[1].columns) == k_specs[1].params);
static_assert(count_columns(k_specs[2].columns) == k_specs[2].params);
static_assert(count_columns(k_specs[3].columns) == k_specs[3].params);
static_assert(count_columns(k_specs[4].columns) == k_specs[4].params);
static_assert(count_columns(k_specs[5].columns) == k_specs[5].params);
static_assert(count_columns(k_specs[6].columns) == k_specs[6].params);

/// Natural keys per existence probe: one statement text (short chunks repeat their last key).
constexpr int k_probe = 256;
/// Rows per INSERT; a remainder goes in power-of-two statements, so each table has at most
/// seven statement texts (28 parameters x 64 rows stays far below both backends' limits).
constexpr int k_insert_rows = 64;

const TableSpec& spec(Table t) { return k_specs[static_cast<int>(t)]; }

/// The position of column `name` in `columns` (PendingRow's value index), or -1.
constexpr int column_index(const char* columns, const char* name) {
    int i = 0;
    for (const char* p = columns; *p;) {
        const char* n = name;
        const char* q = p;
        while (*n && *q == *n) ++q, ++n;
        if (!*n && (*q == ',' || !*q)) return i;
        while (*p && *p != ',') ++p;
        if (*p == ',') ++p, ++i;
        while (*p == ' ') ++p;
    }
    return -1;
}
static_assert(column_index(k_specs[0].columns, "batch_id") == 0);
static_assert(column_index(k_specs[0].columns, "ts_us") == 17);
static_assert(column_index(k_specs[4].columns, "reserved_ts_us") == 5);
static_assert(column_index(k_specs[6].columns, "cluster") == 11);

}  // namespace

Value& PendingRow::slot(int i) {
    if (i < 1 || static_cast<std::size_t>(i) > m_values.size())
        throw model::Fatal("evidence row parameter " + std::to_string(i) + " out of range (row has " +
                           std::to_string(m_values.size()) + ")");
    return m_values[static_cast<std::size_t>(i - 1)];
}

PendingRow& PendingRow::bind(int i, std::string_view text) {
    Value& v = slot(i);
    v.kind = Value::Kind::text;
    v.text.assign(text);
    return *this;
}

PendingRow& PendingRow::bind(int i, std::int64_t value) {
    Value& v = slot(i);
    v.kind = Value::Kind::integer;
    v.integer = value;
    return *this;
}

void PendingRow::reset() {
    for (Value& v : m_values) v.kind = Value::Kind::null;  // texts keep their capacity
}

PendingRow& PendingRow::bind_null(int i) {
    slot(i).kind = Value::Kind::null;
    return *this;
}

PendingRow& PendingRow::bind_opt(int i, const std::optional<std::string>& text) {
    return text ? bind(i, std::string_view(*text)) : bind_null(i);
}

PendingRow& PendingRow::bind_opt(int i, const std::optional<std::int64_t>& value) {
    return value ? bind(i, *value) : bind_null(i);
}

PendingRow& PendingRow::bind_opt(int i, const std::optional<bool>& value) {
    return value ? bind(i, std::int64_t{*value ? 1 : 0}) : bind_null(i);
}

PendingRow& PendingRow::bind_nonempty(int i, const std::string& text) {
    return text.empty() ? bind_null(i) : bind(i, std::string_view(text));
}

RowBuffer::RowBuffer() {
    m_scratch.reserve(k_table_count);
    for (const TableSpec& sp : k_specs) m_scratch.emplace_back(sp.params);
}
RowBuffer::~RowBuffer() = default;

PendingRow* RowBuffer::add(Table t, const std::string& nkey) {
    const int ti = static_cast<int>(t);
    if (!m_keys[ti].insert(nkey).second) return nullptr;
    ++m_size;  // counted as before, so batches still close after the same number of rows
    if (m_known_last[ti].count(nkey) || m_known_prev[ti].count(nkey)) {
        ++m_known_hits;
        return &m_scratch[static_cast<std::size_t>(ti)];
    }
    auto& rows = m_rows[ti];
    std::size_t& used = m_used[static_cast<std::size_t>(ti)];
    if (used == rows.size()) {
        rows.push_back(Pending{nkey, PendingRow(spec(t).params)});
    } else {  // a slot of an earlier batch: its strings keep their capacity
        rows[used].nkey.assign(nkey);
        rows[used].row.reset();
    }
    return &rows[used++].row;
}

void RowBuffer::committed() {
    std::swap(m_known_prev, m_known_last);
    std::swap(m_known_last, m_flushed);
    for (auto& k : m_flushed) k.clear();
}

void RowBuffer::clear() {
    m_used.fill(0);  // the rows stay allocated for the next batch
    for (auto& k : m_keys) k.clear();
    m_known_hits = 0;
    m_size = 0;
}

std::unordered_set<std::string> RowBuffer::stored_keys(Db& db, Table t, const std::string& cluster) {
    std::unordered_set<std::string> out;
    const std::span<const Pending> rows = in_use(static_cast<int>(t));
    if (rows.empty()) return out;
    auto it = m_statements.find({static_cast<int>(t), 0});
    if (it == m_statements.end()) {
        std::string keys = "?2";  // the cluster is ?1
        for (int i = 1; i < k_probe; ++i) keys += ", ?" + std::to_string(2 + i);
        // PostgreSQL: one unique-index lookup per key, whatever the statistics say. Planned as
        // `cluster = ? AND nkey IN (...)` on a table not yet analyzed (autovacuum's turn comes
        // when it comes; an ingest role may not ANALYZE), the planner has no estimate for nkey
        // and read every row of the cluster through another index, comparing each with the 256
        // keys: a 300 MB log's ingest took 40-80 s instead of 6-10 s. SQLite takes the index.
        // Which of a table's indexes serves the lookup must not depend on statistics either. With
        // none that fit (a new cluster's first ingest: its name is in no statistics and was
        // estimated at under one row; a new month's partition, never analyzed), the unique
        // (cluster, nkey[, time]) index and the smaller (cluster, namespace, name) one both cost
        // "one row", the tie went to the smaller, and each key scanned the cluster's rows in it:
        // 13-15 ms per 256 keys on jobs and workload_assignments, half of the server's time in a
        // 50 MB log's ingest (issue 15 5a). So the key is matched as a range of one value and the
        // row asked for in nkey order: only the unique index returns it in that order without a
        // sort, and the planner keeps the path that needs no sort when the costs tie. (An
        // equality would make the order trivial, since nkey is then fixed, and the tie stay. The
        // range holds exactly the equal key: a database's collation is deterministic, and
        // PostgreSQL breaks a collation's ties bytewise.)
        const std::string sql =
            db.dialect() == Dialect::postgres
                ? std::string("SELECT k.nkey FROM unnest(ARRAY[") + keys + "]::text[]) AS k(nkey) CROSS JOIN LATERAL "
                      "(SELECT 1 FROM " + spec(t).name + " t WHERE t.cluster = ?1 AND t.nkey >= k.nkey AND "
                      "t.nkey <= k.nkey ORDER BY t.nkey LIMIT 1) AS s"
                : std::string("SELECT nkey FROM ") + spec(t).name + " WHERE cluster = ?1 AND nkey IN (" + keys + ")";
        it = m_statements.emplace(std::make_pair(static_cast<int>(t), 0), Stmt(db, sql)).first;
    }
    Stmt& s = it->second;
    for (std::size_t at = 0; at < rows.size(); at += k_probe) {
        s.bind(1, cluster);
        for (int i = 0; i < k_probe; ++i) {
            const std::size_t r = std::min(at + static_cast<std::size_t>(i), rows.size() - 1);
            s.bind_stable(2 + i, std::string_view(rows[r].nkey));  // rows stay until clear()
        }
        while (s.step()) out.insert(s.text(0));
        s.reset();
    }
    return out;
}

Stmt& RowBuffer::statement(Db& db, Table t, int rows) {
    auto it = m_statements.find({static_cast<int>(t), rows});
    if (it != m_statements.end()) return it->second;
    const TableSpec& sp = spec(t);
    std::string one = "(?";
    for (int i = 0; i < sp.params; ++i) one += ", ?";
    one += ")";
    // PostgreSQL numbers the rows itself (each id column's sequence, schema 7), in VALUES order,
    // so writers of other clusters take ids side by side without a store-wide lock.
    const bool with_id = db.dialect() == Dialect::sqlite;
    if (!with_id) one.erase(1, 3);  // "(?, ?, ..." -> "(?, ..."
    // OR FAIL on SQLite: a row the schema refuses (NOT NULL, CHECK) still fails the batch, but
    // the statement need not be undone on its own, so SQLite keeps no statement journal for it.
    // With the default ABORT each multi-row INSERT copied every page it touched into that
    // journal and freed it at the statement's end: 10% of an ingest's CPU (issue 18). The
    // failed statement's transaction is rolled back whole (BatchWriter), so nothing half-written
    // is ever committed. (The foreign key, which would need the journal too, is checked once
    // per flush instead: EvidenceStore turns SQLite's per-row enforcement off.)
    const char* verb = with_id ? "INSERT OR FAIL INTO " : "INSERT INTO ";
    std::string sql = std::string(verb) + sp.name + (with_id ? "(id, " : "(") + sp.columns + ") VALUES " + one;
    for (int r = 1; r < rows; ++r) sql += ", " + one;
    // Every key was checked as new under the cluster's writer lock; the clause only turns a row
    // stored by a writer that ignored the lock into a count mismatch (reported) instead of a
    // failed batch.
    sql += " ON CONFLICT DO NOTHING";
    return m_statements.emplace(std::make_pair(static_cast<int>(t), rows), Stmt(db, sql)).first->second;
}

std::int64_t RowBuffer::insert(Db& db, Table t, const std::vector<const Pending*>& rows, std::int64_t first_id,
                               std::int64_t batch_id) {
    const bool with_id = db.dialect() == Dialect::sqlite;  // as statement() wrote it
    const int width = spec(t).params + (with_id ? 1 : 0);
    std::int64_t changed = 0;
    std::size_t at = 0;
    while (at < rows.size()) {
        int n = k_insert_rows;
        while (static_cast<std::size_t>(n) > rows.size() - at) n /= 2;
        Stmt& s = statement(db, t, n);
        for (int r = 0; r < n; ++r) {
            const Pending& p = *rows[at + static_cast<std::size_t>(r)];
            const int base = r * width - (with_id ? 0 : 1);  // parameter `base + 1` is the id's
            if (with_id) s.bind(base + 1, first_id + static_cast<std::int64_t>(at) + r);
            s.bind(base + 2, batch_id);
            const auto& values = p.row.values();
            for (std::size_t k = 1; k < values.size(); ++k) {  // values[0] is batch_id's slot
                const int i = base + 2 + static_cast<int>(k);
                const Value& v = values[k];
                if (v.kind == Value::Kind::integer)
                    s.bind(i, v.integer);
                else if (v.kind == Value::Kind::text)
                    s.bind_stable(i, std::string_view(v.text));  // the rows outlive the exec() below
                else
                    s.bind_null(i);
            }
        }
        changed += s.exec();
        at += static_cast<std::size_t>(n);
    }
    return changed;
}

bool RowBuffer::digestible(Db& db) {
    if (!m_affinity_read) {
        m_affinity_read = true;
        const bool pg = db.dialect() == Dialect::postgres;
        for (int ti = 0; ti < k_table_count; ++ti) {
            // The columns as `SELECT *` returns them: id, then this spec's list in order.
            std::string want = std::string("id, ") + spec(static_cast<Table>(ti)).columns;
            std::string have, affinity;
            // PostgreSQL (chain v4 hashes no id, so its rows are hashed as bound too): a BIGINT
            // column gives back the integer bound to it, a TEXT column the text, as SQLite's
            // INTEGER and TEXT affinities do; a text bound to a BIGINT column may come back
            // otherwise, so feed() gives up on it as on SQLite.
            Stmt info(db, pg ? std::string("SELECT a.attname, CASE format_type(a.atttypid, a.atttypmod) "
                                           "WHEN 'bigint' THEN 'INTEGER' WHEN 'text' THEN 'TEXT' ELSE 'OTHER' END "
                                           "FROM pg_attribute a WHERE a.attrelid = to_regclass(?1) AND a.attnum > 0 "
                                           "AND NOT a.attisdropped ORDER BY a.attnum")
                             : std::string("SELECT name, upper(type) FROM pragma_table_info('") +
                                   spec(static_cast<Table>(ti)).name + "') ORDER BY cid");
            if (pg) info.bind(1, spec(static_cast<Table>(ti)).name);
            while (info.step()) {
                have += (have.empty() ? "" : ", ") + info.text(0);
                const std::string type = info.text(1);
                // SQLite's affinity rules (datatype3.html 3.1), the two this schema uses.
                affinity += type.find("INT") != std::string::npos ? 'i'
                            : (type.find("TEXT") != std::string::npos || type.find("CHAR") != std::string::npos ||
                               type.find("CLOB") != std::string::npos)
                                ? 't'
                                : '?';
            }
            if (have != want || affinity.find('?') != std::string::npos) {
                for (auto& a : m_affinity) a.clear();
                return false;
            }
            m_affinity[static_cast<std::size_t>(ti)] = affinity;
        }
    }
    return !m_affinity[0].empty();
}

void RowBuffer::feed(Sha256& h, Table t, const Pending& p, bool& ok) const {
    // As chain.cpp's feed_row reads the stored row back: per column its SQLite type, then its
    // text. An integer bound to an INTEGER column is stored as that integer (text: its decimal
    // digits, as sqlite3_column_text gives them); to a TEXT column, as those digits. A text
    // bound to a TEXT column is stored as is; to an INTEGER column SQLite may convert it, so
    // then the digest is not computed here at all (ok = false).
    const std::string& affinity = m_affinity[static_cast<std::size_t>(t)];
    auto integer = [&](std::size_t col, std::int64_t v) {
        h.field(static_cast<std::int64_t>(affinity[col] == 'i' ? col_integer : col_text));
        char buf[24];
        const auto r = std::to_chars(buf, buf + sizeof buf, v);
        h.field(std::string_view(buf, static_cast<std::size_t>(r.ptr - buf)));
    };
    // Chain v4: id and batch_id (columns 0 and 1), numbers the store assigns, are not hashed.
    const auto& values = p.row.values();
    for (std::size_t k = 1; k < values.size(); ++k) {  // values[0] is batch_id's slot
        const Value& v = values[k];
        const std::size_t col = k + 1;
        if (v.kind == Value::Kind::null) {
            h.field(static_cast<std::int64_t>(col_null));
        } else if (v.kind == Value::Kind::integer) {
            integer(col, v.integer);
        } else if (affinity[col] == 't') {
            h.field(static_cast<std::int64_t>(col_text));
            h.field(std::string_view(v.text));
        } else {
            ok = false;
        }
    }
}

RowBuffer::Flushed RowBuffer::flush(Db& db, std::int64_t batch_id, const std::string& cluster) {
    if (!empty()) {
        // What the foreign key batch_id -> batch_rows(id) says, checked once for the batch rather
        // than by SQLite for each row (store.cpp): every row written here names this batch.
        Stmt batch(db, "SELECT cluster FROM batch_rows WHERE id = ?");
        batch.bind(1, batch_id);
        if (!batch.step() || batch.text(0) != cluster)
            throw model::Fatal("evidence store " + db.path() + ": evidence rows of cluster " + cluster +
                               " would name batch " + std::to_string(batch_id) +
                               ", which is not a batch of that cluster; nothing was written");
    }
    Flushed out;
    out.already_stored = m_known_hits;
    bool digest_ok = digestible(db);
    Sha256 digest;
    // PostgreSQL routes each row to its (cluster, month) partition, which must exist first.
    if (db.dialect() == Dialect::postgres) {
        std::vector<std::int64_t> times;
        for (const PartitionedTable& pt : k_partitioned_tables)
            for (int ti = 0; ti < k_table_count; ++ti) {
                if (std::string_view(k_specs[ti].name) != pt.name) continue;
                const auto col = static_cast<std::size_t>(column_index(k_specs[ti].columns, pt.time_column));
                for (const Pending& p : in_use(ti))
                    if (const Value& v = p.row.values()[col]; v.kind == Value::Kind::integer) times.push_back(v.integer);
            }
        ensure_partitions(db, cluster, times);
    }
    for (int ti = 0; ti < k_table_count; ++ti) {
        const Table t = static_cast<Table>(ti);
        if (digest_ok) digest.field(std::string_view(spec(t).name));  // chain.cpp: every table, in this order
        const std::span<const Pending> rows = in_use(ti);
        if (rows.empty()) continue;
        const std::unordered_set<std::string> stored = stored_keys(db, t, cluster);
        std::vector<const Pending*> fresh;
        fresh.reserve(rows.size());
        for (const Pending& p : rows) {
            if (stored.count(p.nkey))
                ++out.already_stored;
            else
                fresh.push_back(&p);
        }
        if (fresh.empty()) continue;
        std::int64_t first_id = 0;  // PostgreSQL: the sequence numbers them
        if (db.dialect() == Dialect::sqlite) {
            Stmt max_id(db, std::string("SELECT COALESCE(MAX(id), 0) FROM ") + spec(t).name);
            max_id.step();
            first_id = max_id.int64(0) + 1;
        }
        const std::int64_t n = insert(db, t, fresh, first_id, batch_id);
        if (n != static_cast<std::int64_t>(fresh.size()))
            throw model::Fatal("evidence store " + db.path() + ": " + spec(t).name + ": " +
                               std::to_string(fresh.size()) + " new rows of cluster " + cluster + " to insert, " +
                               std::to_string(n) +
                               " inserted (another writer stored rows of this cluster at the same time)");
        out.inserted += n;
        if (digest_ok)
            for (std::size_t i = 0; i < fresh.size() && digest_ok; ++i)
                feed(digest, t, *fresh[i], digest_ok);
    }
    if (digest_ok) out.rows_digest = digest.hex();
    // Every key of this flush is stored once the transaction commits: new, found or known.
    std::swap(m_flushed, m_keys);
    clear();
    return out;
}

}  // namespace kg::audit::store
