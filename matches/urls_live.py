from django.urls import path

from matches import views_interactive, views_live

urlpatterns = [
    path("<slug:slug>/matches/<int:pk>/", views_live.match_page, name="match"),
    path("<slug:slug>/matches/<int:pk>/stream", views_live.match_stream, name="match-stream"),
    path("<slug:slug>/matches/<int:pk>/events", views_live.match_events, name="match-events"),
    path("<slug:slug>/matches/<int:pk>/setup.json", views_live.match_setup_download, name="match-setup"),
    path("<slug:slug>/matches/<int:pk>/decision", views_interactive.decision, name="match-decision"),
    path("<slug:slug>/cards/<int:pk>/go-live/", views_live.card_go_live, name="go-live"),
    path("<slug:slug>/cards/<int:pk>/progress/", views_live.card_progress, name="card-progress"),
]
