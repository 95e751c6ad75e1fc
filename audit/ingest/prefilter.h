// The cheap test every raw audit line passes before any JSON parse: most of a real
// audit log is leases, pods, events and reads that cannot matter to Kueue evidence.
// A line is kept only when it mentions Kueue, a job API group Kueue manages, or
// namespaces, and is not a read (get/list/watch) or a non-final stage.
#pragma once

#include <cstring>
#include <string_view>

namespace kg::audit::ingest {

enum class Prefilter { keep, unrelated, read_verb, early_stage };

inline bool contains(std::string_view hay, std::string_view needle) {
    return ::memmem(hay.data(), hay.size(), needle.data(), needle.size()) != nullptr;
}

/// The string value that follows `"key":"` in compact JSON, or "" (the pre-filter only:
/// real parsing happens afterwards).
inline std::string_view raw_value(std::string_view line, std::string_view quoted_key_colon_quote) {
    const void* p = ::memmem(line.data(), line.size(), quoted_key_colon_quote.data(), quoted_key_colon_quote.size());
    if (p == nullptr) return {};
    const char* v = static_cast<const char*>(p) + quoted_key_colon_quote.size();
    const char* end = line.data() + line.size();
    const void* q = std::memchr(v, '"', static_cast<std::size_t>(end - v));
    return q ? std::string_view(v, static_cast<std::size_t>(static_cast<const char*>(q) - v)) : std::string_view();
}

inline Prefilter prefilter(std::string_view line) {
    // "kueue" covers the API group, the controller identity, Kueue's webhooks, labels and events.
    const bool relevant = contains(line, "kueue") || contains(line, "\"apiGroup\":\"batch\"") ||
                          contains(line, "jobset.x-k8s.io") || contains(line, "kubeflow.org") ||
                          contains(line, "ray.io") || contains(line, "leaderworkerset.x-k8s.io") ||
                          contains(line, "workload.codeflare.dev") || contains(line, "\"resource\":\"namespaces\"");
    if (!relevant) return Prefilter::unrelated;
    if (contains(line, "\"EventList\"")) return Prefilter::keep;  // a batch: judge each item after parsing
    const std::string_view verb = raw_value(line, "\"verb\":\"");
    if (verb == "get" || verb == "list" || verb == "watch") return Prefilter::read_verb;
    const std::string_view stage = raw_value(line, "\"stage\":\"");
    if (!stage.empty() && stage != "ResponseComplete") return Prefilter::early_stage;
    return Prefilter::keep;
}

}  // namespace kg::audit::ingest
