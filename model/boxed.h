// An optional value kept on the heap: what std::optional<T> is to a field, with only a
// pointer's room in the object that holds it. For large parts most objects lack (a pod
// set's topology request): every Workload of an export paid their bytes inline, and the
// memory first touched while decoding is what loading a large export waits on (page
// faults and cache misses, not instructions). Copies are deep, as an optional's are.
#pragma once

#include <memory>
#include <optional>
#include <utility>

namespace kg::model {

template <class T>
class Boxed {
public:
    Boxed() = default;
    Boxed(std::nullopt_t) {}
    Boxed(std::optional<T>&& v) { *this = std::move(v); }
    Boxed(const Boxed& o) : m_value(o.m_value ? std::make_unique<T>(*o.m_value) : nullptr) {}
    Boxed(Boxed&&) noexcept = default;
    ~Boxed() = default;

    Boxed& operator=(const Boxed& o) {
        if (this != &o) {
            m_value = o.m_value ? std::make_unique<T>(*o.m_value) : nullptr;
        }
        return *this;
    }
    Boxed& operator=(Boxed&&) noexcept = default;
    Boxed& operator=(std::optional<T>&& v) {
        m_value = v ? std::make_unique<T>(std::move(*v)) : nullptr;
        return *this;
    }

    bool has_value() const { return m_value != nullptr; }
    explicit operator bool() const { return has_value(); }
    const T& operator*() const { return *m_value; }
    T& operator*() { return *m_value; }
    const T* operator->() const { return m_value.get(); }
    T* operator->() { return m_value.get(); }

private:
    std::unique_ptr<T> m_value;
};

}  // namespace kg::model
