// Incremental SHA-256 (OpenSSL EVP) with lower-case hex output: source hashes,
// content hashes and the batch hash chain all use it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace kg::audit {

class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;

    void update(std::string_view bytes);
    void update(const void* data, std::size_t n);
    /// Feeds a length-prefixed field, so ("ab","c") and ("a","bc") hash differently.
    void field(std::string_view bytes);
    void field(std::int64_t value);
    /// Hex digest; the object is reset and can be reused.
    std::string hex();

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

/// Hex SHA-256 of one string.
std::string sha256_hex(std::string_view bytes);

}  // namespace kg::audit
