// The governance policy file (kueuegov.io/v1alpha1 GovernancePolicy) and the
// chargeback PriceList: the institution's rules Kueue's objects cannot express.
// Spec: /work/shared/design/policy.md. Unknown keys are errors with positions.
#pragma once

#include "model/cluster.h"
#include "model/diagnostic.h"
#include "model/loader.h"
#include "model/purpose.h"
#include "model/quantity.h"
#include "model/source_pos.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kg::model {

struct TrustDomain {
    Located<std::string> name;
    std::vector<Located<std::string>> namespaces;
    std::vector<Located<std::string>> cluster_queues;
};

struct RuleOverride {
    std::optional<Severity> severity;
    std::optional<bool> enabled;
    std::string reason;
    SourcePos pos;
};

struct GovernancePolicy {
    std::string namespace_label;  ///< trustDomains.namespaceLabel; "" = none
    std::vector<TrustDomain> domains;
    std::vector<std::pair<std::string, std::string>> allow_sharing;  ///< unordered pairs, as written
    std::vector<std::string> owner_users, owner_groups, owner_service_accounts;
    std::string change_record_annotation;
    std::vector<std::string> accelerators;  ///< extra accelerator resource names ("x/*" prefixes allowed)
    std::optional<KueueConfig> kueue;       ///< the `kueue:` section
    PurposePolicy purposes;                 ///< `purposes:` and `customPurposes:` (model/purpose.h)
    std::map<std::string, RuleOverride> rules;  ///< rule id -> override
    SourcePos pos;

    /// True when domains a and b may share a cohort (same domain, or an allowSharing pair).
    bool sharing_allowed(std::string_view a, std::string_view b) const;
};

struct Price {
    Located<std::string> flavor;  ///< "*" = any flavor
    Located<std::string> resource;
    Located<Quantity> per_hour;   ///< exact decimal, currency per unit-hour: what the queue is charged
    /// The public (list) price per unit-hour, e.g. the cloud's on-demand rate, when it differs from
    /// per_hour (FOCUS ListUnitPrice; per_hour is the ContractedUnitPrice).
    std::optional<Located<Quantity>> list_per_hour;
    std::string unit;             ///< "" = the resource's base unit; "GiB" etc.
};

/// Who bills whom, for the FOCUS columns a FinOps tool requires on every row (FOCUS 1.2:
/// BillingAccountId/Name, ProviderName, PublisherName, InvoiceIssuerName). The defaults name
/// an internal platform team; a PriceList's `billing:` section sets the organisation's own.
struct BillingIdentity {
    std::string account_id = "kueue-cluster";
    std::string account_name = "Kueue cluster";
    std::string provider = "Platform team";        ///< who makes the quota available
    std::string publisher;       ///< who produces the service; "" = the provider
    std::string invoice_issuer;  ///< who issues the invoice; "" = the provider
};

struct PriceList {
    std::string currency = "USD";
    BillingIdentity billing;
    std::vector<Price> prices;
    SourcePos pos;
};

/// Reads a GovernancePolicy from `text` (file registered in `files` as `name`). Problems
/// become diagnostics; the returned policy holds what could be read.
/// `opt` bounds the document (nodes, keys, depth) as it bounds manifests.
GovernancePolicy load_policy_text(SourceFiles& files, std::string name, std::string text, DiagSink& diags,
                                  const LoadOptions& opt = {});
/// Reads a policy file within the byte limits of `opt` (counted into the run's bytes); Error
/// ("cannot read PATH: why") when the file cannot be read or exceeds a limit.
Result<GovernancePolicy> load_policy_file(SourceFiles& files, const std::string& path, DiagSink& diags,
                                          const LoadOptions& opt = {});

PriceList load_price_list_text(SourceFiles& files, std::string name, std::string text, DiagSink& diags,
                               const LoadOptions& opt = {});
Result<PriceList> load_price_list_file(SourceFiles& files, const std::string& path, DiagSink& diags,
                                       const LoadOptions& opt = {});

/// True when `resource` is an accelerator: the built-in list (nvidia.com/gpu, nvidia.com/mig-*,
/// amd.com/gpu, google.com/tpu, habana.ai/gaudi, aws.amazon.com/neuron*, gpu.intel.com/*) or
/// one of `extra` (an entry ending in `*` matches by prefix).
bool is_accelerator(std::string_view resource, const std::vector<std::string>& extra = {});

}  // namespace kg::model
