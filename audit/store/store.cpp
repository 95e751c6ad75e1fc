#include "audit/store/store.h"

#include "audit/sha256.h"
#include "audit/store/chain.h"
#include "audit/store/schema.h"
#include "audit/store/connection.h"
#include "model/result.h"
#include "model/time.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>

namespace kg::audit {

using store::Db;
using store::Stmt;
using store::Transaction;

namespace {
/// PostgreSQL advisory lock key of the store's schema and batch closes ("KGWR"): held by a
/// session while it migrates, and by each batch transaction from its close row to its COMMIT.
constexpr std::int64_t k_writer_lock = 0x4b475752;

/// The advisory lock key of one cluster's writer: "KGCL" and the name's 32-bit FNV-1a hash. Two
/// names with the same hash only make their ingests take turns.
std::int64_t cluster_lock_key(const std::string& cluster) {
    std::uint32_t h = 2166136261u;
    for (const unsigned char c : cluster) {
        h ^= c;
        h *= 16777619u;
    }
    return (std::int64_t{0x4b47434c} << 32) | static_cast<std::int64_t>(h);
}

/// The store's head over per-cluster chains: a one-cluster store's head is its last batch hash
/// (as before schema 4, so heads recorded then still match); with several clusters it digests
/// every cluster's name and head, so rewriting any one chain changes it.
template <class Chains>
std::string store_head(const Chains& chains) {
    if (chains.size() == 1) return chains.begin()->second.info.head;
    Sha256 h;
    h.field(std::string_view("kueuegov-heads-v1"));
    for (const auto& [name, c] : chains) {
        h.field(name);
        h.field(c.info.head);
    }
    return h.hex();
}

}  // namespace

/// An exclusive flock() on the store file, held by a writing EvidenceStore for its lifetime:
/// two ingests into one store run one after the other, so the second finds the first one's
/// source complete instead of resuming it at the same time. flock and SQLite's fcntl locks are
/// independent on Linux; the descriptor is closed only after SQLite's connection (member order),
/// because closing any descriptor of the file would drop the process's fcntl locks.
class EvidenceStore::WriterLock {
public:
    explicit WriterLock(const std::string& path) {
        if (path.empty() || path == ":memory:" || path.starts_with("file:") || store::is_server_url(path)) return;
        m_fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (m_fd < 0)
            throw model::Fatal("cannot open evidence store " + path + " for writing: " + std::strerror(errno));
        if (::flock(m_fd, LOCK_EX | LOCK_NB) == 0) return;
        std::fprintf(stderr, "kueuegov: waiting for another ingest into %s to finish\n", path.c_str());
        while (::flock(m_fd, LOCK_EX) != 0) {
            if (errno != EINTR) throw model::Fatal("cannot lock evidence store " + path + ": " + std::strerror(errno));
        }
    }
    ~WriterLock() {
        if (m_fd >= 0) ::close(m_fd);
    }

    /// PostgreSQL: waits for, then holds, `cluster`'s writer lock, before the source lookups of
    /// an ingest (a second ingest of a file then finds the first one's source complete). One at
    /// a time: two ingests that open clusters in opposite orders never wait for each other while
    /// each holds one. SQLite: the flock() above already serialises every writer.
    void lock_cluster(store::Db& db, const std::string& cluster) {
        if (db.dialect() != store::Dialect::postgres || m_cluster == cluster) return;
        if (m_cluster) db.unlock_session(cluster_lock_key(*m_cluster));
        m_cluster.reset();
        const std::int64_t key = cluster_lock_key(cluster);
        if (!db.lock_session(key, false)) {
            std::fprintf(stderr, "kueuegov: waiting for another ingest of cluster %s into %s to finish\n",
                         cluster.c_str(), db.path().c_str());
            db.lock_session(key, true);
        }
        m_cluster = cluster;
    }
    WriterLock(const WriterLock&) = delete;
    WriterLock& operator=(const WriterLock&) = delete;

private:
    int m_fd = -1;
    std::optional<std::string> m_cluster;  ///< the cluster whose writer lock the session holds
};

EvidenceStore::EvidenceStore(const std::string& path, Access access)
    : m_lock(access == Access::read_write ? std::make_unique<WriterLock>(path) : nullptr),
      m_db(std::make_unique<Db>(path, access == Access::read_only ? Db::Mode::read_only
                                                                 : Db::Mode::read_write_create)) {
    if (access == Access::read_write && m_db->dialect() == store::Dialect::postgres) {
        // The server's counterpart of the flock() above, in two levels of advisory locks
        // (rather than SERIALIZABLE retries: each batch reads its chain's previous hash and the
        // next row ids, so concurrent writers would conflict on every batch and a retry would
        // have to re-read its input; waiting is cheaper and never fails):
        //  - one writer per cluster (open_source), so two ingests of one file never resume the
        //    same source at once; the chain is per cluster, so other clusters need not wait;
        //  - the store-wide k_writer_lock around the migration here and around each batch's
        //    close step (lock_batch: from its close row to COMMIT), which gives the batch its
        //    commit ordinal (batch_closes.id), so the store head still grows by appending only.
        //    Rows take their ids from sequences (schema 7) and chain v4 hashes no id, so the
        //    writers of different clusters insert their rows side by side.
        // Both are the session's or the transaction's (released also when the process is killed).
        // A current store needs no migration, so no lock: other writers' batch closes hold it
        // for milliseconds at a time, and a new ingest would wait (and say so) for one of them.
        if (store::schema_version(*m_db) != store::known_schema_version()) {
            if (!m_db->lock_session(k_writer_lock, false)) {
                std::fprintf(stderr, "kueuegov: waiting for another ingest into %s to finish\n", m_db->path().c_str());
                m_db->lock_session(k_writer_lock, true);
            }
            migrate(*m_db);
            m_db->unlock_session(k_writer_lock);
        }
    } else if (access == Access::read_write) {
        // Refuse a foreign SQLite file before anything (a pragma included) writes to it; the
        // writer lock makes this check and the migration one step for other writers.
        store::refuse_foreign(*m_db);
        // WAL: readers never block the ingest and a killed writer (also one killed while
        // creating the schema) leaves the last commit intact.
        m_db->exec("PRAGMA journal_mode = WAL");
        m_db->exec("PRAGMA synchronous = NORMAL");
        // Each multi-row INSERT keeps a statement journal (it may abort half-way); on disk that
        // was a temporary file taking 60% of the ingest's pwrite calls, in memory it costs
        // a few pages. The default 2 MB page cache made every batch spill and re-read index
        // pages through the WAL; 64 MB holds the indexes of a multi-GB log's store.
        m_db->exec("PRAGMA temp_store = MEMORY");
        m_db->exec("PRAGMA cache_size = -65536");
        // Off: SQLite checks a foreign key of a multi-row INSERT at the statement's end, so
        // each such INSERT kept a statement journal to undo itself (10% of an ingest, issue 18).
        // The evidence rows' one key, batch_id, is checked once per batch by RowBuffer::flush;
        // the other references are inserted by the writer itself just before the rows that
        // name them; `audit verify` reports rows of no batch. PostgreSQL enforces them too, except
        // on its partitioned tables (migration 8), where the same flush check stands in.
        m_db->exec("PRAGMA foreign_keys = OFF");
        // Checkpoint every 64 MB of log, not every 4 MB (the default 1,000 pages): each batch
        // rewrites most index leaf pages, so the default copied the same pages back into the
        // store about three times per batch (on a 300 MB log 101 fdatasync, 42k pread and 132k
        // pwrite calls; 14, 12k and 102k now, issue 18). Closing the last connection still
        // checkpoints all of it.
        m_db->exec("PRAGMA wal_autocheckpoint = 16384");
        migrate(*m_db);
    } else {
        require_current(*m_db);
    }
}

EvidenceStore::~EvidenceStore() = default;

const std::string& EvidenceStore::path() const { return m_db->path(); }

std::optional<std::int64_t> EvidenceStore::find_complete_source(const std::string& sha256,
                                                                const std::string& cluster) const {
    if (m_lock) m_lock->lock_cluster(*m_db, cluster);  // an ingest of this file may be completing it now
    // Per cluster: the same export file taken from two clusters is two sources.
    Stmt s(*m_db, "SELECT id FROM sources WHERE sha256 = ? AND cluster = ? AND status = 'complete' ORDER BY id LIMIT 1");
    s.bind(1, sha256).bind(2, cluster);
    if (s.step()) return s.int64(0);
    return std::nullopt;
}

std::optional<std::int64_t> EvidenceStore::find_candidate_duplicate(const SourceIdentity& id, std::int64_t size) const {
    if (m_lock) m_lock->lock_cluster(*m_db, id.cluster);
    Stmt s(*m_db, "SELECT id FROM sources WHERE head_sha256 = ? AND size = ? AND cluster = ? AND status = 'complete' "
                  "LIMIT 1");
    s.bind(1, id.head_sha256).bind(2, size).bind(3, id.cluster);
    if (s.step()) return s.int64(0);
    return std::nullopt;
}

void EvidenceStore::lock_batch() { m_db->lock_transaction(k_writer_lock); }

SourceState EvidenceStore::open_source(const SourceIdentity& id) {
    if (m_lock) m_lock->lock_cluster(*m_db, id.cluster);
    SourceState st;
    if (id.path != "-") {
        Stmt s(*m_db, "SELECT id, resume_offset, resume_line FROM sources WHERE path = ? AND head_sha256 = ? "
                      "AND cluster = ? AND status = 'partial' ORDER BY id DESC LIMIT 1");
        s.bind(1, id.path).bind(2, id.head_sha256).bind(3, id.cluster);
        if (s.step()) {
            st.id = s.int64(0);
            st.resumed = true;
            st.resume_offset = static_cast<std::uint64_t>(s.int64(1));
            st.resume_line = static_cast<std::uint64_t>(s.int64(2));
            return st;
        }
    }
    // Partial until a source_seals row says otherwise (schema 6: inserted, never updated).
    Stmt ins(*m_db, "INSERT INTO source_rows(path, format, compression, head_sha256, mtime, as_of, ingested_at, "
                    "cluster) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id");
    ins.bind(1, id.path).bind(2, id.format).bind(3, id.compression).bind(4, id.head_sha256);
    ins.bind_nonempty(5, id.mtime);
    ins.bind_nonempty(6, id.as_of);
    ins.bind(7, model::format_rfc3339(model::reproducible_now())).bind(8, id.cluster);
    ins.step();
    st.id = ins.int64(0);
    ins.reset();
    return st;
}

std::vector<std::string> EvidenceStore::clusters() const {
    std::vector<std::string> out;
    Stmt s(*m_db, "SELECT DISTINCT cluster FROM sources ORDER BY cluster");
    while (s.step()) out.push_back(s.text(0));
    return out;
}

audit::ChainVerification EvidenceStore::verify_scope(const std::string* only) const {
    audit::ChainVerification v;
    if (only) v.scope_cluster = *only;
    // Each query below reads every cluster, or with `only` one cluster's batches, sources and rows.
    auto scoped = [&](std::string sql, const char* condition) {
        if (only) sql += std::string(sql.find(" WHERE ") == std::string::npos ? " WHERE " : " AND ") + condition;
        return sql;
    };
    auto bind_scope = [&](Stmt& st, int first, int count = 1) -> Stmt& {
        if (only)
            for (int i = 0; i < count; ++i) st.bind(first + i, *only);
        return st;
    };
    auto problem = [&](std::string p) {
        v.intact = false;
        v.problems.push_back(std::move(p));
    };
    // In commit order (batch_closes.id, the ordinal each batch took under the close lock; for
    // batches written before schema 7 it is their id order too), so a head recorded at any time
    // is a prefix of the chain: batches of PostgreSQL writers of several clusters interleave.
    Stmt batches(*m_db, scoped("SELECT b.id, b.source_id, b.seq, b.rows, b.prev_hash, b.hash, COALESCE(s.path, '?'), "
                               "COALESCE(b.chain_version, 1), b.cluster "
                               "FROM batches b JOIN batch_closes c ON c.batch_id = b.id "
                               "LEFT JOIN sources s ON s.id = b.source_id",
                               "b.cluster = ?") +
                            " ORDER BY c.id");
    bind_scope(batches, 1);
    // One chain per cluster (schema 4); batches before it are all cluster 'default'.
    struct Chain {
        audit::ClusterChain info;
        std::int64_t newest_version = 1;
    };
    std::map<std::string, Chain> chains;
    std::vector<std::string> chain;
    while (batches.step()) {
        const std::int64_t id = batches.int64(0);
        Chain& c = chains[batches.text(8)];
        c.info.cluster = batches.text(8);
        std::string& prev = c.info.head;
        std::int64_t& newest_version = c.newest_version;
        const std::string where = "batch " + std::to_string(id) + " (source " + std::to_string(batches.int64(1)) +
                                  " " + batches.text(6) + ", seq " + std::to_string(batches.int64(2)) +
                                  (c.info.cluster == "default" ? std::string() : ", cluster " + c.info.cluster) + ")";
        ++v.batches;
        ++c.info.batches;
        if (batches.text_view(4) != prev)
            problem(where + ": prev_hash " + batches.text(4) + " does not match the previous batch's hash " +
                    (prev.empty() ? std::string("(none)") : prev) + " (a batch was removed or reordered)");
        const store::BatchDigest d = store::batch_digest(*m_db, id, batches.text(4), c.info.batches);
        v.rows += d.rows;
        c.info.rows += d.rows;
        if (d.rows != batches.int64(3))
            problem(where + ": holds " + std::to_string(d.rows) + " rows, recorded " +
                    std::to_string(batches.int64(3)) + " (rows were added or deleted)");
        if (d.hash != batches.text_view(5))
            problem(where + ": stored hash " + batches.text(5) + ", recomputed " + d.hash +
                    " (its rows, header or sealed source record were changed)");
        // Once a batch is v2 every later one is: a v1 batch after it was downgraded to hash less.
        if (batches.int64(7) < newest_version)
            problem(where + ": chain version " + std::to_string(batches.int64(7)) + " after a version " +
                    std::to_string(newest_version) + " batch (downgraded to hash fewer fields)");
        newest_version = std::max(newest_version, batches.int64(7));
        prev = batches.text(5);
        chain.push_back(store_head(chains));
    }
    v.head = chain.empty() ? std::string() : chain.back();
    v.chain = std::move(chain);
    for (auto& [name, c] : chains) v.clusters.push_back(std::move(c.info));
    {
        Stmt last(*m_db, scoped("SELECT b.committed_at FROM batches b JOIN batch_closes c ON c.batch_id = b.id",
                                "b.cluster = ?") +
                             " ORDER BY c.id DESC LIMIT 1");
        if (bind_scope(last, 1).step()) v.head_time = last.text(0);
    }
    v.schema_sha256 = store::schema_digest(*m_db);
    for (std::string& d : store::schema_differences(*m_db)) problem("schema: " + d);
    for (const char* table : store::k_evidence_tables) {
        Stmt orphans(*m_db, scoped(std::string("SELECT COUNT(*) FROM ") + table +
                                       " WHERE batch_id NOT IN (SELECT id FROM batches)",
                                   "cluster = ?"));
        if (bind_scope(orphans, 1).step() && orphans.int64(0) != 0)
            problem(std::string(table) + ": " + std::to_string(orphans.int64(0)) +
                    " rows belong to no batch (inserted outside an ingest, or their batch was deleted)");
    }
    // Chain versions 1 and 2 do not hash the cluster columns: every batch written before schema 4
    // belongs to cluster 'default' (the migration's value), so a cluster changed there is caught.
    {
        Stmt old(*m_db, scoped("SELECT id FROM batches WHERE COALESCE(chain_version, 1) < 3 AND cluster <> 'default'",
                               "cluster = ?") +
                            " ORDER BY id");
        while (bind_scope(old, 1).step())
            problem("batch " + std::to_string(old.int64(0)) +
                    ": written before clusters were recorded (chain version < 3) but its cluster is not 'default'");
        Stmt mixed(*m_db, scoped("SELECT b.id, b.cluster, s.id, s.cluster FROM batches b JOIN sources s ON s.id = b.source_id "
                                 "WHERE b.cluster <> s.cluster",
                                 "(b.cluster = ? OR s.cluster = ?)") +
                              " ORDER BY b.id");
        bind_scope(mixed, 1, 2);
        while (mixed.step())
            problem("batch " + std::to_string(mixed.int64(0)) + " is in cluster " + mixed.text(1) + " but its source " +
                    std::to_string(mixed.int64(2)) + " in cluster " + mixed.text(3));
        for (const char* table : store::k_evidence_tables) {
            // Scoped, the two halves of `t.cluster = ? OR b.cluster = ?` apart: the cluster's own
            // rows (on PostgreSQL only its partitions, migration 8) and other clusters' rows in
            // its batches (through the batch_id index); the OR read every cluster's rows.
            const std::string sql =
                only ? std::string("SELECT (SELECT COUNT(*) FROM ") + table +
                           " t JOIN batches b ON b.id = t.batch_id WHERE t.cluster = ?1 AND b.cluster <> ?1) + "
                           "(SELECT COUNT(*) FROM " + table +
                           " t WHERE t.batch_id IN (SELECT id FROM batches WHERE cluster = ?1) AND t.cluster <> ?1)"
                     : std::string("SELECT COUNT(*) FROM ") + table +
                           " t JOIN batches b ON b.id = t.batch_id WHERE t.cluster <> b.cluster";
            Stmt rows(*m_db, sql);
            if (bind_scope(rows, 1).step() && rows.int64(0) != 0)
                problem(std::string(table) + ": " + std::to_string(rows.int64(0)) +
                        " rows name another cluster than their batch");
        }
    }
    Stmt unsealed(*m_db, scoped("SELECT s.id, s.path FROM sources s WHERE s.status = 'complete' AND NOT EXISTS "
                                "(SELECT 1 FROM batches b WHERE b.source_id = s.id AND b.seals_source = 1)",
                                "s.cluster = ?") +
                             " ORDER BY s.id");
    while (bind_scope(unsealed, 1).step())
        problem("source " + std::to_string(unsealed.int64(0)) + " " + unsealed.text(1) +
                ": marked complete but no batch seals it");
    return v;
}

void EvidenceStore::add_signature(const SignedHead& sh) {
    Transaction tx(*m_db);
    Stmt ins(*m_db, "INSERT INTO head_signatures(sequence, hash, time, schema_sha256, algorithm, public_key, "
                    "signature, signed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    ins.bind(1, sh.head.sequence).bind(2, sh.head.hash).bind(3, sh.head.time).bind(4, sh.head.schema_sha256)
        .bind(5, sh.algorithm).bind(6, sh.public_key).bind(7, sh.signature).bind(8, model::format_rfc3339(model::reproducible_now()));
    ins.exec();
    tx.commit();
}

std::optional<SignedHead> EvidenceStore::latest_signature() const {
    Stmt s(*m_db, "SELECT sequence, hash, time, schema_sha256, algorithm, public_key, signature "
                  "FROM head_signatures ORDER BY id DESC LIMIT 1");
    if (!s.step()) return std::nullopt;
    SignedHead out;
    out.head.sequence = s.int64(0);
    out.head.hash = s.text(1);
    out.head.time = s.text(2);
    out.head.schema_sha256 = s.text(3);
    out.algorithm = s.text(4);
    out.public_key = s.text(5);
    out.signature = s.text(6);
    return out;
}

}  // namespace kg::audit
