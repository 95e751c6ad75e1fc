#include "audit/effects/definitions.h"

#include "audit/store/policy_snapshot.h"
#include "model/loader.h"

#include <string>

namespace kg::audit::effects {

void load_policy_from_store(const EvidenceStore& store, std::int64_t at_us, model::Cluster& c) {
    // Bodies Kueue's API server accepted: a decode problem is not the report reader's to fix,
    // and the lint findings on the loaded objects still say what is wrong with them.
    model::DiagSink ignored;
    for (const auto& o : query::policy_objects_at(store, at_us))
        model::load_text(std::string(k_store_evidence_prefix) + o.evidence, o.json, c, ignored);
}

}  // namespace kg::audit::effects
