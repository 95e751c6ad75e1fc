#include "cli/cluster_flag.h"

#include "audit/store/store.h"
#include "report/escape.h"

#include <algorithm>
#include <iostream>

namespace kg::cli {

void add_cluster_filter_flag(CLI::App& cmd, std::vector<std::string>& clusters) {
    cmd.add_option("--cluster", clusters,
                   "Read only these clusters of the evidence store (comma-separated or repeated; default all)")
        ->delimiter(',');
}

std::optional<std::vector<std::string>> selected_clusters(const audit::EvidenceStore& store,
                                                          const std::vector<std::string>& given) {
    const std::vector<std::string> have = store.clusters();
    if (given.empty()) return have;
    std::vector<std::string> out;
    for (const std::string& c : given) {
        if (std::find(have.begin(), have.end(), c) == have.end()) {
            std::string list;
            for (const std::string& h : have) list += (list.empty() ? "" : ", ") + report::escape_terminal(h);
            std::cerr << "kueuegov: error: --cluster " << report::escape_terminal(c) << ": the evidence store "
                      << report::escape_terminal(store.path()) << " holds no such cluster (it holds "
                      << (list.empty() ? std::string("none") : list) << ")\n";
            return std::nullopt;
        }
        if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    }
    std::sort(out.begin(), out.end());
    return out;
}

bool group_by_cluster(const audit::EvidenceStore& store) { return store.clusters().size() > 1; }

}  // namespace kg::cli
