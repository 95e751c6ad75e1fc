// Cluster names as `audit ingest --cluster` accepts them (issue 15). A name is stored in every
// row and printed in reports, CSV and directory names, so it is checked once, here.
#pragma once

#include <string>
#include <string_view>

namespace kg::audit {

/// The longest cluster name accepted (a DNS name's length; kubeconfig context names and cloud
/// cluster ids fit).
inline constexpr std::size_t k_max_cluster_name = 253;

/// What is wrong with `name` as a cluster name, or "" when it is acceptable: not empty, at most
/// k_max_cluster_name bytes, no control characters (they would reach terminals and file
/// names), no comma (--cluster filters take comma lists). '/' and '.' are allowed (cloud
/// cluster ids contain them); writers that turn a name into a path encode it.
std::string cluster_name_problem(std::string_view name);

}  // namespace kg::audit
