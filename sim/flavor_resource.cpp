// FR interning: one record per distinct (flavor, resource) pair for the process.
#include "sim/flavor_resource.h"

#include <map>
#include <memory>
#include <mutex>

namespace kg::sim {

namespace {

using Names = std::pair<std::string, std::string>;

const Names k_empty;

struct Interner {
    std::mutex mutex;
    /// By flavor, then resource; std::less<> finds by string_view without building a string.
    std::map<std::string, std::map<std::string, std::unique_ptr<Names>, std::less<>>, std::less<>> names;
};

Interner& interner() {
    static Interner in;
    return in;
}

}  // namespace

FR::FR() : m_names(&k_empty) {}

FR::FR(std::string_view flavor, std::string_view resource) : m_names(&k_empty) {
    if (flavor.empty() && resource.empty()) return;
    Interner& in = interner();
    std::lock_guard lock(in.mutex);
    auto fit = in.names.find(flavor);
    if (fit == in.names.end()) fit = in.names.emplace(std::string(flavor), decltype(fit->second){}).first;
    auto rit = fit->second.find(resource);
    if (rit == fit->second.end())
        rit = fit->second.emplace(std::string(resource), std::make_unique<Names>(flavor, resource)).first;
    m_names = rit->second.get();
}

}  // namespace kg::sim
