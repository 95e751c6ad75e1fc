# Chargeback math on evidence types (model/evidence.h); the report engineer's area.
list(APPEND KG_MODEL_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/chargeback.cpp
  ${CMAKE_CURRENT_LIST_DIR}/evidence.cpp
)
