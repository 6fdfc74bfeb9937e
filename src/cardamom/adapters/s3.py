"""S3 objects: bytes by key in one bucket (large snapshots and large connector tool lists)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from botocore.exceptions import BotoCoreError, ClientError

from cardamom.adapters.aws_errors import error_code, store_error

if TYPE_CHECKING:
    from types_boto3_s3.client import S3Client


class S3Objects:
    """Bytes by key in one bucket (server-side encrypted by the bucket's default)."""

    def __init__(self, client: S3Client, bucket: str) -> None:
        self._s3 = client
        self._bucket = bucket

    @property
    def client(self) -> S3Client:
        """The S3 client, for instrumentation."""
        return self._s3

    def put(self, key: str, data: bytes) -> None:
        try:
            self._s3.put_object(Bucket=self._bucket, Key=key, Body=data)
        except (ClientError, BotoCoreError) as exc:
            raise store_error(f"writing s3 object {key}", exc) from exc

    def get(self, key: str) -> bytes | None:
        try:
            body = self._s3.get_object(Bucket=self._bucket, Key=key)["Body"]
            try:
                return body.read()
            finally:
                body.close()
        except ClientError as exc:
            if error_code(exc) in ("NoSuchKey", "404"):
                return None
            raise store_error(f"reading s3 object {key}", exc) from exc
        except BotoCoreError as exc:
            raise store_error(f"reading s3 object {key}", exc) from exc

    def delete(self, key: str) -> None:
        try:
            self._s3.delete_object(Bucket=self._bucket, Key=key)
        except (ClientError, BotoCoreError) as exc:
            raise store_error(f"deleting s3 object {key}", exc) from exc
