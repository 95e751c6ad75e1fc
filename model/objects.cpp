// Small helpers on the object types.
#include "model/objects.h"

namespace kg::model {

const Condition* Workload::condition(std::string_view type) const {
    for (const Condition& c : conditions) {
        if (c.type == type) {
            return &c;
        }
    }
    return nullptr;
}

bool Workload::condition_true(std::string_view type) const {
    const Condition* c = condition(type);
    return c && c->status == ConditionStatus::true_;
}

}  // namespace kg::model
