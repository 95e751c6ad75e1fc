// `kueuegov version`: the tool version and the Kueue API versions it reads.
#include "cli/verbs.h"
#include "model/schema/schema.h"

#include <iostream>

namespace kg::cli {

Verb version_verb() {
    return {"version", "Print the kueuegov version and the Kueue APIs it understands", [](CLI::App&) -> VerbAction {
                return [] {
                    std::cout << "kueuegov " << KG_VERSION << "\n"
                              << "Kueue APIs: kueue.x-k8s.io/v1beta1, kueue.x-k8s.io/v1beta2 (semantics of Kueue "
                                 "v0.20.0-devel)\n"
                              << "CRD schemas (lint KQ1022): Kueue " << model::schema::kueue_version() << " ("
                              << model::schema::kueue_commit().substr(0, 12) << ")\n";
                    return k_exit_ok;
                };
            }};
}

}  // namespace kg::cli
