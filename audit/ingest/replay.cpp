#include "audit/ingest/replay.h"

#include "audit/ingest/ingest.h"
#include "audit/store/chain.h"
#include "audit/store/queries.h"
#include "model/time.h"

#include <filesystem>
#include <map>
#include <set>
#include <sstream>

namespace kg::audit::ingest {

namespace {

constexpr std::size_t k_max_listed = 20;  ///< per kind of problem; the count says how many more

void add_capped(std::vector<std::string>& out, std::size_t& n, std::string msg) {
    if (n++ < k_max_listed) out.push_back(std::move(msg));
}

}  // namespace

ReplayCheck compare_with_sources(const EvidenceStore& store) {
    ReplayCheck out;
    EvidenceStore mem(":memory:", EvidenceStore::Access::read_write);
    std::map<std::int64_t, std::int64_t> replayed;  // stored source id -> replay source id
    const std::vector<SourceInfo> sources = query::sources(store);
    for (const SourceInfo& s : sources) {
        if (s.path == "-") {
            out.notes.push_back("source " + std::to_string(s.id) + " (stdin): cannot be re-read, its rows not compared");
            continue;
        }
        if (!std::filesystem::exists(s.path)) {
            out.notes.push_back("source " + std::to_string(s.id) + " " + s.path + ": file not found, its rows not compared");
            continue;
        }
        IngestOptions opt;
        std::ostringstream diag;
        opt.diag = &diag;
        opt.cluster = s.cluster;
        if (!s.as_of.empty()) opt.as_of = model::parse_rfc3339(s.as_of);
        const SourceResult r = ingest_source(mem, s.path, opt);
        if (r.status == SourceResult::Status::unreadable) {
            out.problems.push_back("source " + std::to_string(s.id) + " " + s.path + ": cannot be read now: " + r.message);
            continue;
        }
        ++out.sources_checked;
        replayed[s.id] = r.source_id;
        const std::vector<SourceInfo> now = query::sources(mem);
        for (const SourceInfo& m : now) {
            if (m.id != r.source_id) continue;
            if (s.status == "complete" && m.sha256 != s.sha256)
                out.problems.push_back("source " + std::to_string(s.id) + " " + s.path + ": file changed since ingest (sha256 " +
                                       s.sha256 + ", now " + m.sha256 + ")");
            if (s.events != m.events || s.kept != m.kept || s.bad != m.bad)
                out.problems.push_back("source " + std::to_string(s.id) + " " + s.path + ": the store records events " +
                                       std::to_string(s.events) + ", kept " + std::to_string(s.kept) + ", bad " +
                                       std::to_string(s.bad) + "; the file yields " + std::to_string(m.events) + ", " +
                                       std::to_string(m.kept) + ", " + std::to_string(m.bad));
        }
    }
    std::map<std::int64_t, std::string> path_of;
    for (const SourceInfo& s : sources) path_of[s.id] = s.path;
    const auto stored = store::row_contents(store.db());
    const auto fresh = store::row_contents(mem.db());
    std::set<std::int64_t> replay_ids;
    for (const auto& [sid, rid] : replayed) replay_ids.insert(rid);
    std::size_t edited = 0, extra = 0, missing = 0;
    for (const auto& [key, row] : stored) {
        if (!replayed.count(row.source_id)) continue;  // its source could not be re-read
        ++out.rows_compared;
        const auto it = fresh.find(key);
        const std::string where = path_of[row.source_id] + ":" + std::to_string(row.line);
        if (it == fresh.end())
            add_capped(out.problems, extra, "row " + key + " (" + where + ") is not what its source yields: inserted or "
                                                "re-keyed after ingest");
        else if (it->second.digest != row.digest)
            add_capped(out.problems, edited, "row " + key + " (" + where + ") differs from what the source file yields: "
                                                 "edited after ingest");
    }
    for (const auto& [key, row] : fresh) {
        if (!replay_ids.count(row.source_id) || stored.count(key)) continue;
        add_capped(out.problems, missing, "row " + key + " from line " + std::to_string(row.line) +
                                              " of a source file is missing from the store: deleted after ingest");
    }
    for (auto [n, what] : {std::pair{edited, "edited"}, std::pair{extra, "inserted"}, std::pair{missing, "missing"}})
        if (n > k_max_listed)
            out.problems.push_back("... and " + std::to_string(n - k_max_listed) + " more " + what + " rows");
    return out;
}

}  // namespace kg::audit::ingest
