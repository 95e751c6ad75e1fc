// `kueuegov audit ingest --db FILE SOURCE...`: reads audit logs (JSON lines, EventList,
// gzip, stdin) and exports (kubectl get -o yaml|json, kubectl get events -o json) into the
// evidence store, printing a progress line on a terminal and a per-source summary.
#include "audit/cluster_name.h"
#include "audit/ingest/ingest.h"
#include "audit/store/schema.h"
#include "audit/store/store.h"
#include "cli/load.h"
#include "cli/output.h"
#include "cli/verbs/audit.h"
#include "model/time.h"
#include "report/escape.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

namespace kg::cli {

namespace {

struct IngestArgs {
    std::string db, as_of, cluster;
    std::vector<std::string> sources;
    std::size_t batch_rows = 5000;
    std::size_t max_line = audit::ingest::k_default_max_line;
};

std::string human_bytes(std::uint64_t b) {
    char buf[32];
    if (b >= (1ull << 30)) std::snprintf(buf, sizeof buf, "%.2f GiB", static_cast<double>(b) / (1ull << 30));
    else std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(b) / (1ull << 20));
    return buf;
}

/// "\r<path>: 120.0 MiB / 1.00 GiB, 85000 events/s, ETA 0:14" on stderr, terminals only.
class ProgressLine {
public:
    ProgressLine() : m_tty(::isatty(STDERR_FILENO) == 1), m_start(std::chrono::steady_clock::now()) {}

    void update(const audit::ingest::Progress& p) {
        if (!m_tty) return;
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
        if (secs <= 0) return;
        std::string line = report::escape_terminal(p.path) + ": " + human_bytes(p.raw_read);
        if (p.raw_total) line += " / " + human_bytes(p.raw_total);
        char buf[96];
        std::snprintf(buf, sizeof buf, ", %.0f events/s", static_cast<double>(p.events) / secs);
        line += buf;
        if (p.raw_total && p.raw_read) {
            const double left = secs * static_cast<double>(p.raw_total - std::min(p.raw_total, p.raw_read)) /
                                static_cast<double>(p.raw_read);
            std::snprintf(buf, sizeof buf, ", ETA %d:%02d", static_cast<int>(left) / 60, static_cast<int>(left) % 60);
            line += buf;
        }
        raw_stderr() << "\r\033[K" << line << std::flush;
        m_shown = true;
    }
    void restart() { m_start = std::chrono::steady_clock::now(); }
    void clear() {
        if (m_shown) raw_stderr() << "\r\033[K" << std::flush;
        m_shown = false;
    }

private:
    bool m_tty;
    bool m_shown = false;
    std::chrono::steady_clock::time_point m_start;
};

void print_summary(const audit::ingest::SourceResult& r) {
    using S = audit::ingest::SourceResult::Status;
    const auto& c = r.counts;
    std::cout << "source " << report::escape_terminal(r.path) << ": ";
    switch (r.status) {
        case S::unreadable: std::cout << "not read: " << report::escape_terminal(r.message) << "\n"; return;
        case S::duplicate: std::cout << "skipped, " << report::escape_terminal(r.message) << "\n"; return;
        case S::resumed: std::cout << "resumed and completed"; break;
        case S::ingested: std::cout << "ingested"; break;
        case S::changed: std::cout << "read but NOT sealed (" << report::escape_terminal(r.message) << ")"; break;
        case S::stopped: std::cout << "partly read, NOT sealed (" << report::escape_terminal(r.message) << ")"; break;
    }
    std::cout << " as source " << r.source_id << " (" << r.format << (r.compression == "gzip" ? ", gzip" : "") << ")\n";
    // Every event read is exactly one of kept, context, skipped or bad: the line adds up.
    std::cout << "  events read " << c.events << " = kept " << c.kept << " + context " << c.context << " + skipped "
              << c.skipped_total() << " + bad " << c.bad << "; rows added " << c.rows_new << ", already stored "
              << c.rows_dup << "\n";
    if (c.context) std::cout << "  kept as context: " << c.context << " namespace records (labels)\n";
    for (const auto& [reason, n] : c.skipped) std::cout << "  skipped " << n << ": " << report::escape_terminal(reason) << "\n";
    if (c.bad_values) std::cout << "  bad values inside kept events: " << c.bad_values << " (reported above)\n";
    if (c.source_errors) std::cout << "  source problems: " << c.source_errors << " (reported above)\n";
    if (c.kept == 0 && c.events > 0)
        std::cout << "  no Kueue evidence in this source (no writes to Kueue objects, Jobs or Workloads, no Kueue "
                     "events)\n";
}

/// Sources as given, with each directory replaced by its regular files (recursively, sorted).
std::vector<std::string> expand_sources(const std::vector<std::string>& given) {
    std::vector<std::string> out;
    for (const std::string& s : given) {
        std::error_code ec;
        if (s != "-" && std::filesystem::is_directory(s, ec)) {
            std::vector<std::string> files;
            for (const auto& e : std::filesystem::recursive_directory_iterator(s, ec))
                if (e.is_regular_file()) files.push_back(e.path().string());
            std::sort(files.begin(), files.end());
            out.insert(out.end(), files.begin(), files.end());
        } else {
            out.push_back(s);
        }
    }
    return out;
}

/// The cluster the sources are stored under: --cluster when given; else the store's one
/// cluster, or "default" in a store that holds none. Several clusters and no --cluster is a
/// usage error (nullopt, reported): the rows would land in a cluster the user did not choose.
std::optional<std::string> ingest_cluster(const IngestArgs& a, const audit::EvidenceStore& store) {
    if (!a.cluster.empty()) return a.cluster;
    const std::vector<std::string> have = store.clusters();
    if (have.empty()) return std::string("default");
    if (have.size() == 1) return have.front();
    std::string list;
    for (const std::string& c : have) list += (list.empty() ? "" : ", ") + report::escape_terminal(c);
    std::cerr << "kueuegov: error: evidence store " << report::escape_terminal(a.db) << " holds " << have.size()
              << " clusters (" << list << "); name the cluster these sources come from with --cluster NAME\n";
    return std::nullopt;
}

int run_ingest(const IngestArgs& a) {
    if (!a.cluster.empty()) {
        if (const std::string p = audit::cluster_name_problem(a.cluster); !p.empty()) {
            std::cerr << "kueuegov: error: --cluster \"" << report::escape_terminal(a.cluster) << "\": " << p << "\n";
            return k_exit_usage;
        }
    }
    audit::ingest::IngestOptions opt;
    opt.diag = &std::cerr;
    opt.limits = input_load_options();
    opt.max_line = a.max_line;
    opt.batch_rows = a.batch_rows;
    if (!a.as_of.empty()) {
        auto t = model::parse_rfc3339(a.as_of);
        if (!t) {
            std::cerr << "kueuegov: error: --as-of expects an RFC 3339 time such as \"2026-01-01T00:00:00Z\", found \""
                      << a.as_of << "\"\n";
            return k_exit_usage;
        }
        opt.as_of = *t;
    }
    audit::EvidenceStore store(a.db, audit::EvidenceStore::Access::read_write);
    const auto cluster = ingest_cluster(a, store);
    if (!cluster) return k_exit_usage;
    opt.cluster = *cluster;
    ProgressLine progress;
    opt.on_commit = [&](const audit::ingest::Progress& p) { progress.update(p); };

    std::size_t unreadable = 0;
    audit::ingest::Counts total;
    const std::vector<std::string> sources = expand_sources(a.sources);
    for (const std::string& src : sources) {
        progress.restart();
        const auto r = audit::ingest::ingest_source(store, src, opt);
        progress.clear();
        print_summary(r);
        if (r.status == audit::ingest::SourceResult::Status::unreadable) {
            std::cerr << src << ": cannot read: " << r.message << "\n";
            ++unreadable;
        }
        total.events += r.counts.events;
        total.kept += r.counts.kept;
        total.context += r.counts.context;
        total.bad += r.counts.bad;
        total.bad_values += r.counts.bad_values + r.counts.source_errors;
        if (r.status == audit::ingest::SourceResult::Status::changed ||
            r.status == audit::ingest::SourceResult::Status::stopped)
            ++total.source_errors;
        total.rows_new += r.counts.rows_new;
    }
    if (sources.size() > 1)
        std::cout << "total: " << sources.size() << " sources, events read " << total.events << ", kept "
                  << total.kept << ", bad " << total.bad << ", rows added " << total.rows_new
                  << (total.kept == 0 && total.events > 0 ? "; no Kueue evidence in any source" : "") << "\n";
    if (unreadable == sources.size() || (total.events > 0 && total.bad == total.events)) return k_exit_usage;
    return unreadable != 0 || total.bad != 0 || total.bad_values != 0 || total.source_errors != 0 ? k_exit_findings
                                                                                                : k_exit_ok;
}

}  // namespace

Verb audit_ingest_subcommand() {
    return {"ingest", "Read audit logs and exports into the evidence store", [](CLI::App& cmd) -> VerbAction {
                auto a = std::make_shared<IngestArgs>();
                cmd.add_option("--db", a->db, "Evidence store: SQLite file (created when missing; :memory: to only check sources) or postgresql:// URL")
                    ->required();
                cmd.add_option("--cluster", a->cluster,
                               "Cluster the sources come from (default: the store's only cluster, or \"default\"); "
                               "required once the store holds several");
                cmd.add_option("--as-of", a->as_of,
                               "Snapshot time of exports, RFC 3339 (default: the file's modification time)");
                cmd.add_option("--batch-rows", a->batch_rows, "Rows per committed batch")
                    ->check(CLI::Range(std::size_t{1}, std::size_t{1'000'000}));
                cmd.add_option("--max-line-bytes", a->max_line,
                               "Report and skip (counted as bad) a log line longer than this; its bytes are "
                               "discarded as they arrive")
                    ->default_val(audit::ingest::k_default_max_line)
                    ->check(CLI::PositiveNumber);
                cmd.add_option("--max-input-bytes", input_load_options().max_file_bytes,
                               "Refuse a document source (export, EventList) larger than this, and stop reading a "
                               "log whose over-long line runs this far without ending (logs have no total cap)")
                    ->default_val(model::k_default_max_file_bytes)
                    ->check(CLI::PositiveNumber);
                add_document_limit_flags(cmd);
                cmd.add_option("SOURCE", a->sources,
                               "Audit log (JSON lines, EventList, .gz), export (YAML/JSON), events list, directory, "
                               "or - for stdin")
                    ->required();
                cmd.footer("Examples:\n"
                           "  kueuegov audit ingest --db evidence.db /var/log/kube-apiserver/audit.log*\n"
                           "  kubectl get clusterqueues,localqueues,workloads -A -o yaml > snap.yaml\n"
                           "  kueuegov audit ingest --db evidence.db --as-of 2026-10-05T09:00:00Z snap.yaml\n"
                           "  zcat audit.log.gz | kueuegov audit ingest --db evidence.db -\n"
                           "  kueuegov audit ingest --db fleet.db --cluster prod-eu audit-eu.log\n"
                           "Ingesting a source again adds nothing; an interrupted ingest is completed by the next one.\n"
                           "Every line that is not a well-formed audit event (or object) is reported as file:line and\n"
                           "counted as bad: events read = kept + context + skipped + bad.\n"
                           "Limits: a log has no total size cap (logs are legitimately GBs; memory stays at one line).\n"
                           "A line over --max-line-bytes is skipped as bad; a NUL byte in it, or a line not ended\n"
                           "after --max-input-bytes, stops the source (/dev/zero, a binary file, an endless stream).\n"
                           "Exit status: 0 everything ingested; 1 some lines, documents or sources were bad and\n"
                           "skipped (the rest kept), or a source changed while being read or was stopped at a limit\n"
                           "(not sealed); 2 nothing could be read or the store could not be written, a bad\n"
                           "--cluster name, or no --cluster for a store that holds several clusters.");
                return [a] { return run_ingest(*a); };
            }};
}

}  // namespace kg::cli
