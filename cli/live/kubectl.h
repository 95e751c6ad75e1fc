// Runs the user's own kubectl, so contexts, exec credential plugins, proxies and OIDC work
// exactly as they do for them: no shell (posix_spawnp with an argv array), stdout captured up
// to a byte cap, stderr kept for the error message.
#pragma once

#include "model/result.h"

#include <cstddef>
#include <string>
#include <vector>

namespace kg::cli {

/// Which cluster: kubectl's own --context and --kubeconfig, passed through unchanged.
struct KubectlTarget {
    std::string context, kubeconfig;
};

struct KubectlRun {
    int exit_code = 0;
    std::string out, err;
};

/// Runs `kubectl [--context C] [--kubeconfig F] ARGS...` (found on PATH). An error (not a
/// KubectlRun) when kubectl is absent or cannot start, when it is killed by a signal, or when
/// its output passes `max_bytes` (then it is stopped).
model::Result<KubectlRun> run_kubectl(const KubectlTarget& target, const std::vector<std::string>& args,
                                      std::size_t max_bytes);

}  // namespace kg::cli
