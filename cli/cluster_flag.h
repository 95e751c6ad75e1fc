// `--cluster NAME[,NAME...]` on the verbs that read the evidence store (audit check, audit
// timeline, report, chargeback): which clusters to read, and whether output is grouped by them.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace kg::audit {
class EvidenceStore;
}

namespace kg::cli {

/// Adds the repeatable, comma-separated --cluster filter to `cmd`.
void add_cluster_filter_flag(CLI::App& cmd, std::vector<std::string>& clusters);

/// The clusters to read, sorted: those given (each must be in the store) or, with none given,
/// every cluster the store holds. Prints `kueuegov: error: ...` naming the store's clusters and
/// returns nullopt when a given cluster is not in it.
std::optional<std::vector<std::string>> selected_clusters(const audit::EvidenceStore& store,
                                                          const std::vector<std::string>& given);

/// Whether output names the cluster of each part: the store holds several clusters. A store of
/// one cluster prints exactly what it printed before clusters existed.
bool group_by_cluster(const audit::EvidenceStore& store);

}  // namespace kg::cli
