#include "audit/store/chain.h"

#include "audit/sha256.h"
#include "audit/store/schema.h"
#include "audit/store/connection.h"
#include "audit/store/dialect.h"

#include <map>

namespace kg::audit::store {

const char* const k_evidence_tables[7] = {"object_versions",      "jobs",       "job_label_changes",
                                          "workload_events",      "workload_assignments",
                                          "k8s_events",           "namespaces"};

namespace {

/// Feeds every column of the current row: type tag, then the value's text, length-prefixed.
/// `with_cluster` false leaves out the `cluster` column (schema 4), which batches of chain
/// versions 1 and 2 were hashed without: their hashes stay what they were.
void feed_row(Sha256& h, const Stmt& s, bool with_cluster = true) {
    for (int c = 0; c < s.columns(); ++c) {
        if (!with_cluster && std::string_view(s.column_name(c)) == "cluster") continue;
        h.field(static_cast<std::int64_t>(s.type(c)));
        if (!s.is_null(c)) h.field(s.text_view(c));
    }
}

/// Feeds columns [first, last) of the current row as feed_row does.
void feed_range(Sha256& h, const Stmt& s, int first, int last) {
    for (int c = first; c < last; ++c) {
        h.field(static_cast<std::int64_t>(s.type(c)));
        if (!s.is_null(c)) h.field(s.text_view(c));
    }
}

/// The hash of a batch of chain version 2 or 3 over its header, the source record it seals
/// (if any) and `rows_digest`.
std::string header_hash_v2(Db& db, std::int64_t batch_id, const std::string& prev_hash, bool with_cluster,
                           const std::string& rows_digest) {
    // v2: every column of the header (prev_hash is fed first, hash is the result) and of the
    // sealed source record, so no field of either can be edited unseen. v3: the same with
    // the cluster columns; its prev_hash is the previous batch of the same cluster.
    Sha256 h;
    h.field(std::string_view(with_cluster ? "kueuegov-batch-v3" : "kueuegov-batch-v2"));
    h.field(prev_hash);
    Stmt b(db, std::string("SELECT id, source_id, seq, first_line, last_line, end_offset, rows, seals_source, "
                           "committed_at, events, kept, bad, skipped, chain_version") +
                   (with_cluster ? ", cluster" : "") + " FROM batches WHERE id = ?");
    b.bind(1, batch_id);
    bool seals = false;
    std::int64_t source_id = 0;
    if (b.step()) {
        feed_row(h, b);
        seals = b.int64(7) != 0;
        source_id = b.int64(1);
    }
    if (seals) {
        Stmt src(db, "SELECT * FROM sources WHERE id = ?");
        src.bind(1, source_id);
        if (src.step()) feed_row(h, src, with_cluster);
    }
    h.field(rows_digest);
    return h.hex();
}

/// The hash of a v4 batch (chain.h): no store-assigned number, the batch's position in its
/// cluster's chain, the source's identity in every batch and its final state when sealed.
std::string header_hash_v4(Db& db, std::int64_t batch_id, const std::string& prev_hash, std::int64_t position,
                           const std::string& rows_digest) {
    Sha256 h;
    h.field(std::string_view("kueuegov-batch-v4"));
    h.field(prev_hash);
    h.field(static_cast<std::int64_t>(col_integer));  // typed like a column, as every other value
    h.field(std::string_view(std::to_string(position)));
    constexpr int k_header = 13;  // seq .. cluster; source_id (not hashed) follows
    Stmt b(db, "SELECT seq, first_line, last_line, end_offset, rows, seals_source, committed_at, events, kept, bad, "
               "skipped, chain_version, cluster, source_id FROM batches WHERE id = ?");
    b.bind(1, batch_id);
    bool seals = false;
    std::int64_t source_id = 0;
    if (b.step()) {
        feed_range(h, b, 0, k_header);
        seals = b.int64(5) != 0;
        source_id = b.int64(k_header);
    } else {
        h.field(std::string_view("no batch"));
    }
    constexpr int k_identity = 8;  // path .. cluster; the final state follows
    Stmt src(db, "SELECT path, format, compression, head_sha256, mtime, as_of, ingested_at, cluster, "
                 "size, sha256, status, resume_offset, resume_line, completed_at FROM sources WHERE id = ?");
    src.bind(1, source_id);
    if (src.step()) {
        feed_range(h, src, 0, k_identity);
        if (seals) feed_range(h, src, k_identity, src.columns());
    } else {  // a batch whose source record is gone cannot hash as it was written
        h.field(std::string_view("no source"));
    }
    h.field(rows_digest);
    return h.hex();
}

}  // namespace

std::string batch_hash_with_rows(Db& db, std::int64_t batch_id, const std::string& prev_hash, std::int64_t position,
                                 const std::string& rows_digest) {
    static_assert(k_chain_version == 4, "the writer's rows digest is the v4 one (no id, no batch_id)");
    return header_hash_v4(db, batch_id, prev_hash, position, rows_digest);
}

BatchDigest batch_digest(Db& db, std::int64_t batch_id, const std::string& prev_hash, std::int64_t position) {
    BatchDigest out;
    Stmt ver(db, "SELECT COALESCE(chain_version, 1) FROM batches WHERE id = ?");
    ver.bind(1, batch_id);
    const std::int64_t version = ver.step() ? ver.int64(0) : 1;
    // v3 (schema 4) hashes the cluster of every row, of the header and of the source record.
    const bool with_cluster = version >= 3;
    // v4 (schema 7) hashes no id and no batch_id: the numbers the store assigns.
    const bool with_ids = version < 4;
    // A v3+ batch's rows are looked for in its cluster only: on PostgreSQL the tables are
    // partitioned by cluster (schema 8), and so only its cluster's partitions are read, not
    // every cluster's. A row whose cluster was edited then drops out of its batch's digest,
    // which no longer matches, as it would not have with the row inside. (A store older than
    // schema 4, verified as it is, has no cluster column.)
    std::string cluster;
    if (with_cluster) {
        Stmt c(db, "SELECT cluster FROM batches WHERE id = ?");
        c.bind(1, batch_id);
        if (c.step()) cluster = c.text(0);
    }

    Sha256 rows;
    for (const char* table : k_evidence_tables) {
        rows.field(std::string_view(table));
        Stmt s(db, std::string("SELECT * FROM ") + table + " WHERE batch_id = ?" +
                       (with_cluster ? " AND cluster = ?" : "") + " ORDER BY id");
        s.bind(1, batch_id);
        if (with_cluster) s.bind(2, cluster);
        // The v4 columns: every one but id and batch_id, found by name once per table.
        std::vector<int> hashed;
        for (int c = 0; c < s.columns() && !with_ids; ++c) {
            const std::string_view name = s.column_name(c);
            if (name != "id" && name != "batch_id") hashed.push_back(c);
        }
        while (s.step()) {
            if (with_ids)
                feed_row(rows, s, with_cluster);
            else
                for (const int c : hashed) feed_range(rows, s, c, c + 1);
            ++out.rows;
        }
    }
    const std::string rows_digest = rows.hex();

    if (version >= 4) {
        out.hash = header_hash_v4(db, batch_id, prev_hash, position, rows_digest);
        return out;
    }
    if (version >= 2) {
        out.hash = header_hash_v2(db, batch_id, prev_hash, with_cluster, rows_digest);
        return out;
    }
    Sha256 h;
    h.field(std::string_view("kueuegov-batch-v1"));  // explicit columns: no cluster
    h.field(prev_hash);
    Stmt b(db, "SELECT id, source_id, seq, first_line, last_line, end_offset, rows, seals_source, committed_at "
               "FROM batches WHERE id = ?");
    b.bind(1, batch_id);
    bool seals = false;
    std::int64_t source_id = 0;
    if (b.step()) {
        feed_row(h, b);
        seals = b.int64(7) != 0;
        source_id = b.int64(1);
    }
    // Input counts (schema 2): hashed when recorded, so batches written before stay verifiable.
    Stmt counts(db, "SELECT events, kept, bad, skipped FROM batches WHERE id = ? AND events IS NOT NULL");
    counts.bind(1, batch_id);
    if (counts.step()) feed_row(h, counts);
    if (seals) {
        Stmt src(db, "SELECT id, path, format, compression, head_sha256, size, sha256, as_of, status "
                     "FROM sources WHERE id = ?");
        src.bind(1, source_id);
        if (src.step()) feed_row(h, src);
    }
    h.field(rows_digest);
    out.hash = h.hex();
    return out;
}

}  // namespace kg::audit::store

namespace kg::audit::store {

std::map<std::string, RowContent> row_contents(Db& db) {
    std::map<std::string, RowContent> out;
    for (const char* table : k_evidence_tables) {
        Stmt s(db, std::string("SELECT t.*, b.source_id FROM ") + table + " t LEFT JOIN batches b ON b.id = t.batch_id");
        const int n = s.columns() - 1;  // the joined source_id is not content
        int nkey_col = -1, line_col = -1, cluster_col = -1;
        for (int c = 0; c < n; ++c) {
            const std::string_view name = s.column_name(c);
            if (name == "nkey") nkey_col = c;
            if (name == "line") line_col = c;
            if (name == "cluster") cluster_col = c;
        }
        while (s.step()) {
            Sha256 h;
            for (int c = 0; c < n; ++c) {
                const std::string_view name = s.column_name(c);
                if (name == "id" || name == "batch_id") continue;
                h.field(static_cast<std::int64_t>(s.type(c)));
                if (!s.is_null(c)) h.field(s.text_view(c));
            }
            RowContent rc{h.hex(), s.is_null(n) ? 0 : s.int64(n), line_col >= 0 ? s.int64(line_col) : 0};
            // Natural keys are unique per cluster (schema 4).
            std::string key = std::string(table) + " " + s.text(nkey_col);
            if (cluster_col >= 0 && s.text_view(cluster_col) != "default") key += " in cluster " + s.text(cluster_col);
            out[key] = std::move(rc);
        }
    }
    return out;
}

std::string schema_digest(Db& db) {
    Sha256 h;
    h.field(std::string_view("kueuegov-schema-v1"));
    for (const auto& [key, e] : schema_entries(db)) {
        h.field(e.type);
        h.field(e.name);
        h.field(e.table);
        h.field(e.sql);
    }
    Stmt m(db, "SELECT * FROM schema_migrations ORDER BY version");
    while (m.step()) feed_row(h, m);
    h.field(application_id(db));
    return h.hex();
}

std::vector<std::string> schema_differences(Db& db) {
    std::vector<std::string> out;
    const auto have = schema_entries(db);
    const auto want = expected_schema_entries(db);
    for (const auto& [key, e] : have) {
        const auto it = want.find(key);
        if (it == want.end())
            out.push_back(e.type + " " + e.name + " (on " + e.table + ") is not part of the kueuegov schema: " +
                          (e.sql.empty() ? std::string("(no SQL)") : e.sql));
        else if (it->second.sql != e.sql || it->second.table != e.table)
            out.push_back(e.type + " " + e.name + " differs from the kueuegov schema: " + e.sql);
    }
    for (const auto& [key, e] : want)
        if (!have.count(key)) out.push_back(e.type + " " + e.name + " of the kueuegov schema is missing");
    // Migration rows: the versions and names this binary applied, nothing else.
    std::map<std::int64_t, std::string> rows;
    Stmt m(db, "SELECT version, name FROM schema_migrations");
    while (m.step()) rows[m.int64(0)] = m.text(1);
    Db mem(":memory:", Db::Mode::read_write_create);
    migrate(mem);
    Stmt k(mem, "SELECT version, name FROM schema_migrations");
    std::map<std::int64_t, std::string> known;
    while (k.step()) known[k.int64(0)] = k.text(1);
    if (rows != known) out.push_back("schema_migrations rows differ from the migrations this kueuegov applies");
    return out;
}

}  // namespace kg::audit::store
