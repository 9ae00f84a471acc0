from enum import StrEnum


class AuditCheckStatus(StrEnum):
    FAILED = "failed"
    PASSED = "passed"
    SKIPPED = "skipped"

    def __str__(self) -> str:
        return str(self.value)
