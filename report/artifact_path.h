// Where a finding's file is, as CI consumers resolve it: GitHub code scanning and GitLab
// Code Quality match paths relative to the repository root, so a path given as
// /abs/repo/queues/a.yaml or ../repo/queues/a.yaml must come out as queues/a.yaml.
// Purely lexical: the renderers never touch the file system.
#pragma once

#include <string>
#include <string_view>

namespace kg::report {

struct ArtifactPath {
    std::string path;         ///< relative to the base ('/'-separated), or absolute when outside it
    bool under_base = false;  ///< false: outside the base (path is "../x" or absolute) or not a file
};

/// `name` as the loader recorded it (relative to `cwd`, or absolute; "<stdin>" for standard
/// input), relative to `base` (an absolute directory: the working directory or --sarif-root).
/// Outside the base, a relative name stays relative to `cwd` and an absolute one stays absolute.
ArtifactPath artifact_path(std::string_view name, const std::string& cwd, const std::string& base);

/// A path as a URI reference: RFC 3986 unreserved characters and '/' kept, the rest
/// percent-encoded; an absolute path becomes a file:// URI.
std::string path_uri(std::string_view path);

}  // namespace kg::report
