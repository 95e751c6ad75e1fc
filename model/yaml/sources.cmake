list(APPEND KG_MODEL_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/json_items.cpp
  ${CMAKE_CURRENT_LIST_DIR}/list_layout.cpp
  ${CMAKE_CURRENT_LIST_DIR}/list_parallel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mapping_keys.cpp
  ${CMAKE_CURRENT_LIST_DIR}/node.cpp
  ${CMAKE_CURRENT_LIST_DIR}/parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/parse_document.cpp
  ${CMAKE_CURRENT_LIST_DIR}/simple_block.cpp
  ${CMAKE_CURRENT_LIST_DIR}/stream_parallel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/utf8.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../input_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../mapped_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../loader.cpp
)
