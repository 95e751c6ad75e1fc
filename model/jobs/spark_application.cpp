// SparkApplication (pkg/controller/jobs/sparkapplication/sparkapplication_podset.go):
// pod set "driver" (1 pod) and "executor" (spec.executor.instances, default 0). Kueue
// builds each pod the way the Spark operator's webhook would: an empty Spark container
// (index 0) given coreRequest/coreLimit, memory/memoryLimit (JVM sizes) and the GPU
// limit, plus the role's initContainers and sidecars. `cores` is not read by Kueue.
#include "model/decode/fields.h"
#include "model/jobs/pod_set_builders.h"

#include <array>

namespace kg::model::jobs::detail {

namespace {

// spark-operator util.ConvertJavaMemoryStringToK8sMemoryString: "512m" -> "512Mi". The suffix
// is matched case-insensitively but trimmed case-sensitively, so "4G" becomes "4GGi" (invalid).
std::string java_memory_to_k8s(const std::string& memory) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 10> k_units{{
        {"kb", "Ki"}, {"mb", "Mi"}, {"gb", "Gi"}, {"tb", "Ti"}, {"pb", "Pi"},
        {"k", "Ki"}, {"m", "Mi"}, {"g", "Gi"}, {"t", "Ti"}, {"p", "Pi"},
    }};
    std::string low = lower(memory);
    for (auto [unit, k8s] : k_units) {
        if (low.size() >= unit.size() && low.compare(low.size() - unit.size(), unit.size(), unit) == 0) {
            std::string base = memory;
            if (base.compare(base.size() - unit.size(), unit.size(), unit) == 0) {
                base.resize(base.size() - unit.size());
            }
            return base + std::string(k8s);
        }
    }
    return memory;
}

void set_quantity(ResourceList& into, const char* resource, const Node* n, bool java_memory, DiagSink& diags,
                  std::string_view field) {
    std::optional<std::string> text = decode::as_string(n, diags, field);
    if (!n || n->is_null() || !text) {
        return;
    }
    std::string k8s = java_memory ? java_memory_to_k8s(*text) : *text;
    Result<Quantity> parsed = Quantity::parse(k8s);
    if (!parsed) {
        diags.error(n->pos, std::string(field) + ": " + parsed.error().message);
        return;
    }
    into[resource] = Located<Quantity>(*parsed, n->pos);
}

PodSet spark_role(std::string name, std::int32_t count, const Node* role, SourcePos pos, DiagSink& diags) {
    PodSet ps;
    ps.name = Located<std::string>(std::move(name), role ? role->pos : pos);
    ps.count = count;
    Container spark;
    spark.name = *ps.name == "driver" ? "spark-kubernetes-driver" : "spark-kubernetes-executor";
    if (role && decode::is_mapping(role, diags, *ps.name)) {
        // Reuse the PodSpec decoder for the role's pod-shaped fields.
        Node shape;
        shape.kind = Node::Kind::mapping;
        shape.pos = role->pos;
        for (auto [from, to] : {std::pair<const char*, const char*>{"sidecars", "containers"},
                                {"initContainers", "initContainers"},
                                {"nodeSelector", "nodeSelector"},
                                {"tolerations", "tolerations"},
                                {"affinity", "affinity"},
                                {"priorityClassName", "priorityClassName"}}) {
            if (const MapEntry* e = role->entry(from)) {
                shape.entries.push_back(MapEntry{to, e->key_pos, e->value});
            }
        }
        ps.template_spec = decode::decode_pod_spec(&shape, diags);
        set_quantity(spark.requests, "cpu", role->get("coreRequest"), false, diags, "coreRequest");
        set_quantity(spark.limits, "cpu", role->get("coreLimit"), false, diags, "coreLimit");
        set_quantity(spark.requests, "memory", role->get("memory"), true, diags, "memory");
        set_quantity(spark.limits, "memory", role->get("memoryLimit"), true, diags, "memoryLimit");
        if (const Node* gpu = role->get("gpu"); gpu && gpu->is_mapping()) {
            std::string gpu_name = decode::as_string(gpu->get("name"), diags, "gpu.name").value_or("");
            std::int64_t n = decode::as_int(gpu->get("quantity"), diags, "gpu.quantity", INT64_MIN, INT64_MAX)
                                 .value_or(0);
            if (!gpu_name.empty() && n > 0) {
                spark.limits[gpu_name] = Located<Quantity>(Quantity::from_int(n), gpu->pos);
            }
        }
    }
    ps.template_spec.containers.insert(ps.template_spec.containers.begin(), std::move(spark));
    return ps;
}

}  // namespace

void spark_application(const Node& obj, Job& job, DiagSink& diags) {
    const Node* spec = obj.get("spec");
    const Node* driver = spec ? spec->get("driver") : nullptr;
    const Node* executor = spec ? spec->get("executor") : nullptr;
    job.pod_sets.push_back(spark_role("driver", 1, driver, obj.pos, diags));
    job.pod_sets.push_back(spark_role(
        "executor", int_or(executor ? executor->get("instances") : nullptr, 0, diags, "instances"), executor,
        obj.pos, diags));
}

}  // namespace kg::model::jobs::detail
