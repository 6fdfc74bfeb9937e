"""Control-plane operations, ``cardamom__{resource}__{operation}``: one module per resource.

``operation.py`` holds what an operation is, ``plane.py`` the registry that lists, gates and
runs them; ``connections``, ``members``, ``grants``, ``restrictions``, ``aliases``, ``audit``,
``access`` and ``insights`` each hold their resource's handlers and schemas. Resource modules import only
``operation``, ``schema`` and ``records``; nothing here imports ``plane``.
"""
