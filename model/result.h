// Recoverable failures of operations (cannot open a file, database busy) return
// Result<T>. GCC 12 has no std::expected; this keeps its member names so a later
// switch is mechanical.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace kg::model {

struct Error {
    std::string message;
};

inline Error make_error(std::string message) { return Error{std::move(message)}; }

template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_v(std::move(value)) {}
    Result(Error e) : m_v(std::move(e)) {}

    bool has_value() const { return m_v.index() == 0; }
    explicit operator bool() const { return has_value(); }
    T& value() { return std::get<0>(m_v); }
    const T& value() const { return std::get<0>(m_v); }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    const Error& error() const { return std::get<1>(m_v); }

private:
    std::variant<T, Error> m_v;
};

template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error e) : m_err(std::move(e)), m_ok(false) {}
    bool has_value() const { return m_ok; }
    explicit operator bool() const { return m_ok; }
    const Error& error() const { return m_err; }

private:
    Error m_err;
    bool m_ok = true;
};

/// Stop now: caught once in cli/main.cpp, printed as `kueuegov: error: ...`, exit 2.
class Fatal : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace kg::model
