#include "audit/store/chain.h"

#include "audit/sha256.h"
#include "audit/store/sqlite.h"

namespace kg::audit::store {

const char* const k_evidence_tables[7] = {"object_versions",      "jobs",       "job_label_changes",
                                          "workload_events",      "workload_assignments",
                                          "k8s_events",           "namespaces"};

namespace {

/// Feeds every column of the current row: type tag, then the value's text, length-prefixed.
void feed_row(Sha256& h, const Stmt& s) {
    for (int c = 0; c < s.columns(); ++c) {
        h.field(static_cast<std::int64_t>(s.type(c)));
        if (!s.is_null(c)) h.field(s.text_view(c));
    }
}

}  // namespace

BatchDigest batch_digest(Db& db, std::int64_t batch_id, const std::string& prev_hash) {
    BatchDigest out;
    Sha256 rows;
    for (const char* table : k_evidence_tables) {
        rows.field(std::string_view(table));
        Stmt s(db, std::string("SELECT * FROM ") + table + " WHERE batch_id = ? ORDER BY id");
        s.bind(1, batch_id);
        while (s.step()) {
            feed_row(rows, s);
            ++out.rows;
        }
    }
    const std::string rows_digest = rows.hex();

    Sha256 h;
    h.field(std::string_view("kueuegov-batch-v1"));
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
