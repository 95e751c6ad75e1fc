// `kueuegov audit verify --db FILE`: recomputes the batch hash chain of the evidence store from
// its rows and source records, compares the schema with the one kueuegov creates, and with
// --expect-head / --pubkey checks the chain against a head recorded outside the store or signed;
// --check-files compares the rows with what the source files yield.
#include "audit/head.h"
#include "audit/ingest/replay.h"
#include "audit/signature.h"
#include "audit/store/queries.h"
#include "audit/store/store.h"
#include "cli/evidence_source.h"
#include "cli/load.h"
#include "cli/verbs/audit.h"
#include "report/escape.h"
#include "report/escape.h"

#include <filesystem>
#include <iostream>
#include <memory>

namespace kg::cli {

namespace {

struct VerifyArgs {
    std::string db, expect_head, pubkey;
    bool check_files = false;
};

/// Checks `expected` against the chain; a signed head is checked with the public key first.
void check_head(const audit::ChainVerification& v, const audit::SignedHead& expected, const std::string& what,
                const std::string& pubkey, std::vector<std::string>& problems) {
    if (!pubkey.empty()) {
        if (expected.algorithm != "ed25519" || expected.signature.empty()) {
            problems.push_back(what + " carries no Ed25519 signature");
            return;
        }
        auto ok = audit::verify_ed25519(pubkey, audit::head_message(expected.head), expected.signature,
                                        input_load_options());
        if (!ok) throw model::Fatal(ok.error().message);
        if (!*ok) {
            problems.push_back(what + ": the signature does not verify with " + pubkey +
                               " (the head was altered, or another key signed it)");
            return;
        }
        std::cout << what << ": signature valid (" << pubkey << ")\n";
    }
    const audit::HeadCheck hc = audit::check_expected_head(v, expected.head);
    for (const std::string& p : hc.problems) problems.push_back(what + ": " + p);
    if (hc.problems.empty())
        std::cout << what << ": batch " << expected.head.sequence << " " << expected.head.hash
                  << " is in the chain; " << hc.appended << " batches appended since"
                  << (hc.schema_migrated ? "; the schema was migrated since (digest " + expected.head.schema_sha256 +
                                               " then, " + v.schema_sha256 + " now, this kueuegov's schema)"
                                         : std::string())
                  << "\n";
}

int run_verify(const VerifyArgs& a) {
    if (!store_present(a.db)) return k_exit_usage;
    std::optional<audit::SignedHead> expected;
    if (!a.expect_head.empty()) {
        auto h = audit::read_expected_head(a.expect_head, input_load_options());
        if (!h) {
            std::cerr << "kueuegov: error: " << h.error().message << "\n";
            return k_exit_usage;
        }
        expected = *h;
    }
    audit::EvidenceStore store(a.db, audit::EvidenceStore::Access::read_only);
    const audit::ChainVerification v = store.verify();
    const std::vector<audit::SourceInfo> sources = audit::query::sources(store);
    std::cout << "store " << report::escape_terminal(store_display(a.db)) << ": " << sources.size() << " sources, " << v.batches << " batches, " << v.rows
              << " rows\n";
    std::cout << "chain head: " << (v.head.empty() ? "(empty store)" : "batch " + std::to_string(v.chain.size()) + " " + v.head +
                                                                               " committed " + v.head_time)
              << "\n";
    // One chain per cluster: each is listed once the store holds a named cluster.
    if (v.clusters.size() > 1 || (v.clusters.size() == 1 && v.clusters.front().cluster != "default"))
        for (const audit::ClusterChain& c : v.clusters)
            std::cout << "cluster " << report::escape_terminal(c.cluster) << ": " << c.batches << " batches, " << c.rows
                      << " rows, chain head " << c.head << "\n";
    std::vector<std::string> problems = v.problems;
    // A signed head file is checked with --pubkey; an unsigned one only against the chain, and
    // --pubkey then checks the latest signature recorded in the store.
    const bool expected_signed = expected && !expected->signature.empty();
    if (expected) check_head(v, *expected, "expected head " + a.expect_head, expected_signed ? a.pubkey : "", problems);
    if (!a.pubkey.empty() && !expected_signed) {
        if (auto signed_head = store.latest_signature())
            check_head(v, *signed_head, "signed head in the store", a.pubkey, problems);
        else
            problems.push_back("no signed head in the store (run `kueuegov audit sign`) and none given with --expect-head");
    }
    if (a.check_files) {
        const audit::ingest::ReplayCheck rc = audit::ingest::compare_with_sources(store);
        for (const std::string& n : rc.notes) std::cout << report::escape_terminal(n) << "\n";
        std::cout << "source files: " << rc.sources_checked << " re-read, " << rc.rows_compared
                  << " stored rows compared with what they yield\n";
        problems.insert(problems.end(), rc.problems.begin(), rc.problems.end());
    }
    if (problems.empty()) {
        std::cout << "intact\n";
        return k_exit_ok;
    }
    // Problems quote store contents (a planted trigger's SQL, row keys): no control bytes through.
    for (const std::string& p : problems) std::cout << "MISMATCH " << report::escape_terminal(p) << "\n";
    return k_exit_findings;
}

}  // namespace

Verb audit_verify_subcommand() {
    return {"verify", "Recompute the evidence store's hash chain and schema, check a recorded or signed head",
            [](CLI::App& cmd) -> VerbAction {
                auto a = std::make_shared<VerifyArgs>();
                cmd.add_option("--db", a->db, "Evidence store: SQLite file or postgresql:// URL")->required();
                add_input_limit_flags(cmd);
                cmd.add_flag("--check-files", a->check_files,
                             "Also re-read every source file still present and compare the stored rows with what it "
                             "yields (and its sha256)");
                cmd.add_option("--expect-head", a->expect_head,
                               "A head recorded earlier: the file `audit head`/`audit sign` wrote, or a batch hash; "
                               "fails when that head is no longer in the chain (rewritten) or the chain is shorter "
                               "(truncated)");
                cmd.add_option("--pubkey", a->pubkey,
                               "Ed25519 public key (PEM): check the signed head (from --expect-head, else the latest "
                               "one `audit sign` recorded in the store) and that it is still in the chain");
                cmd.footer("Examples:\n"
                           "  kueuegov audit verify --db evidence.db\n"
                           "  kueuegov audit verify --db evidence.db --expect-head head-2026-10-05.json\n"
                           "  kueuegov audit verify --db evidence.db --pubkey audit-pub.pem --check-files\n"
                           "Without --expect-head or --pubkey, \"intact\" only means the store agrees with itself:\n"
                           "anyone who can write the file can recompute the chain (man kueuegov-audit, THE CHAIN).\n"
                           "Exit status: 0 intact; 1 a mismatch (first one first); 2 the store, head file or key\n"
                           "cannot be read.");
                return [a] { return run_verify(*a); };
            }};
}

}  // namespace kg::cli
